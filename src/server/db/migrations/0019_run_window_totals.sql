CREATE TABLE "run_window_totals" (
	"days" integer NOT NULL,
	"process_id" uuid NOT NULL,
	"client_user_id" uuid NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "run_window_totals_days_process_id_pk" PRIMARY KEY("days","process_id")
);
--> statement-breakpoint
CREATE TABLE "run_windows" (
	"days" integer PRIMARY KEY NOT NULL,
	"first_day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "run_window_totals" ADD CONSTRAINT "run_window_totals_days_run_windows_days_fk" FOREIGN KEY ("days") REFERENCES "public"."run_windows"("days") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_window_totals" ADD CONSTRAINT "run_window_totals_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "run_window_totals_rank_idx" ON "run_window_totals" USING btree ("days","runs" DESC NULLS LAST,"process_id");--> statement-breakpoint
-- Top processes are read by rank from per-window totals instead of summing
-- processes × days of rollups. Every change to a rollup row inside a window moves that
-- window's total for its process, in the same transaction. A rebuild (which recomputes the
-- totals itself) sets app.rollup_rebuild so its row changes are not counted twice.
CREATE OR REPLACE FUNCTION maintain_run_window_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed_runs integer;
  changed_failures integer;
BEGIN
  IF current_setting('app.rollup_rebuild', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    UPDATE run_window_totals t
    SET runs = t.runs - OLD.runs, failures = t.failures - OLD.failures
    FROM run_windows w
    WHERE t.days = w.days AND t.process_id = OLD.process_id AND OLD.day >= w.first_day;
    RETURN NULL;
  END IF;
  changed_runs := NEW.runs - CASE WHEN TG_OP = 'UPDATE' THEN OLD.runs ELSE 0 END;
  changed_failures := NEW.failures - CASE WHEN TG_OP = 'UPDATE' THEN OLD.failures ELSE 0 END;
  IF changed_runs = 0 AND changed_failures = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO run_window_totals AS t (days, process_id, client_user_id, runs, failures)
  SELECT w.days, NEW.process_id, NEW.client_user_id, changed_runs, changed_failures
  FROM run_windows w WHERE NEW.day >= w.first_day
  ORDER BY w.days
  ON CONFLICT (days, process_id) DO UPDATE SET
    runs = t.runs + EXCLUDED.runs,
    failures = t.failures + EXCLUDED.failures,
    client_user_id = EXCLUDED.client_user_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER run_rollups_windows AFTER INSERT OR UPDATE OR DELETE ON run_rollups
  FOR EACH ROW EXECUTE FUNCTION maintain_run_window_totals();
--> statement-breakpoint
-- Moves a window on to start at to_day: the days that left it are subtracted (one day's
-- rollups on an ordinary day), totals at zero are dropped. The window's row is locked, so
-- instances moving it together do it once. Returns the window's first day afterwards.
CREATE OR REPLACE FUNCTION advance_run_window(window_days integer, to_day date) RETURNS date
LANGUAGE plpgsql AS $$
DECLARE
  from_day date;
BEGIN
  SELECT first_day INTO from_day FROM run_windows WHERE days = window_days FOR UPDATE;
  IF from_day IS NULL OR from_day >= to_day THEN
    RETURN from_day;
  END IF;
  UPDATE run_window_totals t
  SET runs = t.runs - left_window.runs, failures = t.failures - left_window.failures
  FROM (
    SELECT process_id, sum(runs)::integer AS runs, sum(failures)::integer AS failures
    FROM run_rollups WHERE day >= from_day AND day < to_day
    GROUP BY process_id
  ) left_window
  WHERE t.days = window_days AND t.process_id = left_window.process_id;
  DELETE FROM run_window_totals WHERE days = window_days AND runs <= 0;
  UPDATE run_windows SET first_day = to_day WHERE days = window_days;
  RETURN to_day;
END
$$;
--> statement-breakpoint
-- Every window's totals recomputed from the rollups (the backfill and the rebuild command).
CREATE OR REPLACE FUNCTION recompute_run_window_totals() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM run_windows ORDER BY days FOR UPDATE;
  DELETE FROM run_window_totals;
  INSERT INTO run_window_totals (days, process_id, client_user_id, runs, failures)
  SELECT w.days, r.process_id, (array_agg(r.client_user_id ORDER BY r.day DESC))[1],
         sum(r.runs), sum(r.failures)
  FROM run_windows w JOIN run_rollups r ON r.day >= w.first_day
  GROUP BY w.days, r.process_id;
END
$$;
--> statement-breakpoint
INSERT INTO run_windows (days, first_day)
SELECT days, (now() AT TIME ZONE 'UTC')::date - days FROM unnest(ARRAY[7, 30, 90, 365]) AS days;
--> statement-breakpoint
SELECT recompute_run_window_totals();
