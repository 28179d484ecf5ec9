CREATE TABLE "run_rollups" (
	"process_id" uuid NOT NULL,
	"client_user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"total_duration_ms" bigint DEFAULT 0 NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	CONSTRAINT "run_rollups_process_id_day_pk" PRIMARY KEY("process_id","day")
);
--> statement-breakpoint
ALTER TABLE "run_rollups" ADD CONSTRAINT "run_rollups_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "run_rollups_day_idx" ON "run_rollups" USING btree ("day");--> statement-breakpoint
CREATE INDEX "run_rollups_client_day_idx" ON "run_rollups" USING btree ("client_user_id","day");--> statement-breakpoint
-- Each run counts once, in the transaction that writes it: an insert adds it to
-- its process and UTC day; a later update (the answer arriving) moves its failure and
-- duration. Deleting runs (retention) leaves the rollups as they are: they are the history.
CREATE OR REPLACE FUNCTION maintain_run_rollups() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO run_rollups AS r
      (process_id, client_user_id, day, runs, failures, total_duration_ms, last_run_at)
    VALUES (NEW.process_id, NEW.client_user_id, (NEW.started_at AT TIME ZONE 'UTC')::date, 1,
            CASE WHEN NEW.ok = false THEN 1 ELSE 0 END, coalesce(NEW.duration_ms, 0), NEW.started_at)
    ON CONFLICT (process_id, day) DO UPDATE SET
      runs = r.runs + 1,
      failures = r.failures + EXCLUDED.failures,
      total_duration_ms = r.total_duration_ms + EXCLUDED.total_duration_ms,
      last_run_at = greatest(r.last_run_at, EXCLUDED.last_run_at);
  ELSIF NEW.ok IS DISTINCT FROM OLD.ok OR NEW.duration_ms IS DISTINCT FROM OLD.duration_ms THEN
    UPDATE run_rollups SET
      failures = failures + (CASE WHEN NEW.ok = false THEN 1 ELSE 0 END)
                          - (CASE WHEN OLD.ok = false THEN 1 ELSE 0 END),
      total_duration_ms = total_duration_ms + coalesce(NEW.duration_ms, 0) - coalesce(OLD.duration_ms, 0)
    WHERE process_id = OLD.process_id AND day = (OLD.started_at AT TIME ZONE 'UTC')::date;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER runs_rollup AFTER INSERT OR UPDATE ON runs
  FOR EACH ROW EXECUTE FUNCTION maintain_run_rollups();
--> statement-breakpoint
INSERT INTO run_rollups (process_id, client_user_id, day, runs, failures, total_duration_ms, last_run_at)
SELECT process_id, min(client_user_id::text)::uuid, (started_at AT TIME ZONE 'UTC')::date, count(*),
       count(*) FILTER (WHERE ok = false), coalesce(sum(duration_ms), 0), max(started_at)
FROM runs
GROUP BY process_id, (started_at AT TIME ZONE 'UTC')::date;
