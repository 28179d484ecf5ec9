CREATE TABLE "run_daily_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"process_days" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The rollup trigger keeps the product-wide day totals too. A new rollup row
-- (xmax = 0 in RETURNING: inserted, not updated) is one more process that ran that day.
CREATE OR REPLACE FUNCTION maintain_run_rollups() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  created boolean;
  run_day date;
BEGIN
  IF TG_OP = 'INSERT' THEN
    run_day := (NEW.started_at AT TIME ZONE 'UTC')::date;
    INSERT INTO run_rollups AS r
      (process_id, client_user_id, day, runs, failures, total_duration_ms, last_run_at)
    VALUES (NEW.process_id, NEW.client_user_id, run_day, 1,
            CASE WHEN NEW.ok = false THEN 1 ELSE 0 END, coalesce(NEW.duration_ms, 0), NEW.started_at)
    ON CONFLICT (process_id, day) DO UPDATE SET
      runs = r.runs + 1,
      failures = r.failures + EXCLUDED.failures,
      total_duration_ms = r.total_duration_ms + EXCLUDED.total_duration_ms,
      last_run_at = greatest(r.last_run_at, EXCLUDED.last_run_at)
    RETURNING (xmax = 0) INTO created;
    INSERT INTO run_daily_totals AS t (day, runs, failures, process_days)
    VALUES (run_day, 1, CASE WHEN NEW.ok = false THEN 1 ELSE 0 END, CASE WHEN created THEN 1 ELSE 0 END)
    ON CONFLICT (day) DO UPDATE SET
      runs = t.runs + 1,
      failures = t.failures + EXCLUDED.failures,
      process_days = t.process_days + EXCLUDED.process_days;
  ELSIF NEW.ok IS DISTINCT FROM OLD.ok OR NEW.duration_ms IS DISTINCT FROM OLD.duration_ms THEN
    run_day := (OLD.started_at AT TIME ZONE 'UTC')::date;
    UPDATE run_rollups SET
      failures = failures + (CASE WHEN NEW.ok = false THEN 1 ELSE 0 END)
                          - (CASE WHEN OLD.ok = false THEN 1 ELSE 0 END),
      total_duration_ms = total_duration_ms + coalesce(NEW.duration_ms, 0) - coalesce(OLD.duration_ms, 0)
    WHERE process_id = OLD.process_id AND day = run_day;
    IF NEW.ok IS DISTINCT FROM OLD.ok THEN
      UPDATE run_daily_totals SET
        failures = failures + (CASE WHEN NEW.ok = false THEN 1 ELSE 0 END)
                            - (CASE WHEN OLD.ok = false THEN 1 ELSE 0 END)
      WHERE day = run_day;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO run_daily_totals (day, runs, failures, process_days)
SELECT day, sum(runs), sum(failures), count(*) FROM run_rollups GROUP BY day;
