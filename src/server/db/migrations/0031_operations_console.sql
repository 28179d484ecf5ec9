CREATE TABLE "alert_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject_key" text NOT NULL,
	"client_user_id" uuid,
	"process_id" uuid,
	"title" text NOT NULL,
	"cause" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	"recovery_alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"webhook_url" text,
	"webhook_secret" text,
	"failures_in_a_row" integer DEFAULT 3 NOT NULL,
	"success_rate_below" integer DEFAULT 90 NOT NULL,
	"schedule_missed" boolean DEFAULT true NOT NULL,
	"n8n_unreachable" boolean DEFAULT true NOT NULL,
	"mail_failing" boolean DEFAULT true NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_health" (
	"process_id" uuid PRIMARY KEY NOT NULL,
	"client_user_id" uuid NOT NULL,
	"failures_in_a_row" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_failed_run_id" uuid,
	"last_error_kind" text,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_reports" (
	"client_user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"mailed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_reports_client_user_id_month_pk" PRIMARY KEY("client_user_id","month")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "run_rollups" ADD COLUMN "duration_buckets" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "run_rollups" ADD COLUMN "scheduled_runs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "run_rollups" ADD COLUMN "scheduled_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "run_rollups" ADD COLUMN "scheduled_on_time" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "process_health" ADD CONSTRAINT "process_health_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reports" ADD CONSTRAINT "service_reports_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_incidents_open_idx" ON "alert_incidents" USING btree ("kind","subject_key") WHERE "alert_incidents"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "alert_incidents_client_idx" ON "alert_incidents" USING btree ("client_user_id","opened_at");--> statement-breakpoint
CREATE INDEX "alert_incidents_opened_idx" ON "alert_incidents" USING btree ("opened_at","id");--> statement-breakpoint
CREATE INDEX "process_health_failing_idx" ON "process_health" USING btree ("failures_in_a_row" DESC NULLS LAST,"process_id") WHERE "process_health"."failures_in_a_row" > 0;--> statement-breakpoint
-- Adds delta to the bucket of a settled run's duration. The bounds are those of
-- src/shared/process-health.ts (DURATION_BUCKET_BOUNDS_MS); a row from before this
-- migration has an empty array, padded to the twelve buckets here.
CREATE OR REPLACE FUNCTION run_duration_bucket_add(buckets integer[], ms integer, delta integer)
RETURNS integer[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  b integer;
BEGIN
  IF ms IS NULL THEN
    RETURN buckets;
  END IF;
  b := CASE
    WHEN ms < 100 THEN 1 WHEN ms < 250 THEN 2 WHEN ms < 500 THEN 3 WHEN ms < 1000 THEN 4
    WHEN ms < 2500 THEN 5 WHEN ms < 5000 THEN 6 WHEN ms < 10000 THEN 7 WHEN ms < 30000 THEN 8
    WHEN ms < 60000 THEN 9 WHEN ms < 120000 THEN 10 WHEN ms < 300000 THEN 11 ELSE 12 END;
  IF coalesce(cardinality(buckets), 0) < 12 THEN
    buckets := coalesce(buckets, '{}'::integer[]) || array_fill(0, ARRAY[12 - coalesce(cardinality(buckets), 0)]);
  END IF;
  buckets[b] := buckets[b] + delta;
  RETURN buckets;
END
$$;
--> statement-breakpoint
-- The rollup trigger of 0018, counting also the settled durations per bucket and the
-- scheduled runs: how many, how many failed, how many started within 60 s of their due
-- time (ON_TIME_SECONDS in src/shared/process-health.ts).
CREATE OR REPLACE FUNCTION maintain_run_rollups() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  created boolean;
  run_day date;
  scheduled integer;
  failed integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    run_day := (NEW.started_at AT TIME ZONE 'UTC')::date;
    scheduled := CASE WHEN NEW.trigger = 'schedule' THEN 1 ELSE 0 END;
    failed := CASE WHEN NEW.ok = false THEN 1 ELSE 0 END;
    INSERT INTO run_rollups AS r
      (process_id, client_user_id, day, runs, failures, total_duration_ms, last_run_at,
       duration_buckets, scheduled_runs, scheduled_failures, scheduled_on_time)
    VALUES (NEW.process_id, NEW.client_user_id, run_day, 1, failed, coalesce(NEW.duration_ms, 0),
            NEW.started_at,
            CASE WHEN NEW.ok IS NULL THEN '{}'::integer[]
                 ELSE run_duration_bucket_add('{}'::integer[], NEW.duration_ms, 1) END,
            scheduled, scheduled * failed,
            CASE WHEN scheduled = 1 AND NEW.scheduled_for IS NOT NULL
                      AND NEW.started_at <= NEW.scheduled_for + interval '60 seconds' THEN 1 ELSE 0 END)
    ON CONFLICT (process_id, day) DO UPDATE SET
      runs = r.runs + 1,
      failures = r.failures + EXCLUDED.failures,
      total_duration_ms = r.total_duration_ms + EXCLUDED.total_duration_ms,
      last_run_at = greatest(r.last_run_at, EXCLUDED.last_run_at),
      duration_buckets = CASE WHEN NEW.ok IS NULL THEN r.duration_buckets
                              ELSE run_duration_bucket_add(r.duration_buckets, NEW.duration_ms, 1) END,
      scheduled_runs = r.scheduled_runs + EXCLUDED.scheduled_runs,
      scheduled_failures = r.scheduled_failures + EXCLUDED.scheduled_failures,
      scheduled_on_time = r.scheduled_on_time + EXCLUDED.scheduled_on_time
    RETURNING (xmax = 0) INTO created;
    INSERT INTO run_daily_totals AS t (day, runs, failures, process_days)
    VALUES (run_day, 1, failed, CASE WHEN created THEN 1 ELSE 0 END)
    ON CONFLICT (day) DO UPDATE SET
      runs = t.runs + 1,
      failures = t.failures + EXCLUDED.failures,
      process_days = t.process_days + EXCLUDED.process_days;
  ELSIF NEW.ok IS DISTINCT FROM OLD.ok OR NEW.duration_ms IS DISTINCT FROM OLD.duration_ms THEN
    run_day := (OLD.started_at AT TIME ZONE 'UTC')::date;
    failed := (CASE WHEN NEW.ok = false THEN 1 ELSE 0 END) - (CASE WHEN OLD.ok = false THEN 1 ELSE 0 END);
    UPDATE run_rollups SET
      failures = failures + failed,
      total_duration_ms = total_duration_ms + coalesce(NEW.duration_ms, 0) - coalesce(OLD.duration_ms, 0),
      duration_buckets = run_duration_bucket_add(
        CASE WHEN OLD.ok IS NULL THEN duration_buckets
             ELSE run_duration_bucket_add(duration_buckets, OLD.duration_ms, -1) END,
        CASE WHEN NEW.ok IS NULL THEN NULL ELSE NEW.duration_ms END, 1),
      scheduled_failures = scheduled_failures + CASE WHEN OLD.trigger = 'schedule' THEN failed ELSE 0 END
    WHERE process_id = OLD.process_id AND day = run_day;
    IF failed <> 0 THEN
      UPDATE run_daily_totals SET failures = failures + failed WHERE day = run_day;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Rebuilds a process's health from its kept runs: after a run's outcome is corrected
-- (n8n's execution says otherwise), which a step-by-step count cannot undo.
CREATE OR REPLACE FUNCTION recompute_process_health(pid uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  success_at timestamptz;
  failure record;
  streak integer;
  since timestamptz;
BEGIN
  SELECT started_at INTO success_at FROM runs
  WHERE process_id = pid AND ok = true ORDER BY started_at DESC LIMIT 1;
  SELECT id, started_at, error_kind, error INTO failure FROM runs
  WHERE process_id = pid AND ok = false ORDER BY started_at DESC LIMIT 1;
  SELECT count(*), min(started_at) INTO streak, since FROM runs
  WHERE process_id = pid AND ok = false AND (success_at IS NULL OR started_at > success_at);
  UPDATE process_health SET
    failures_in_a_row = streak, failing_since = since, last_success_at = success_at,
    last_failure_at = failure.started_at, last_failed_run_id = failure.id,
    last_error_kind = failure.error_kind, last_error = failure.error, updated_at = now()
  WHERE process_id = pid;
END
$$;
--> statement-breakpoint
-- Each process's latest outcome, in the transaction that settles a run. Failures in a
-- row count the failures that started after the latest success, so a run that settles
-- late (n8n answering afterwards) lands where it started, not where it settled.
CREATE OR REPLACE FUNCTION maintain_process_health() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  h process_health%ROWTYPE;
BEGIN
  IF NEW.ok IS NULL OR (TG_OP = 'UPDATE' AND OLD.ok IS NOT DISTINCT FROM NEW.ok) THEN
    RETURN NULL;
  END IF;
  INSERT INTO process_health (process_id, client_user_id) VALUES (NEW.process_id, NEW.client_user_id)
  ON CONFLICT (process_id) DO NOTHING;
  IF TG_OP = 'UPDATE' AND OLD.ok IS NOT NULL THEN
    PERFORM recompute_process_health(NEW.process_id);
    RETURN NULL;
  END IF;
  SELECT * INTO h FROM process_health WHERE process_id = NEW.process_id FOR UPDATE;
  IF NEW.ok THEN
    IF h.last_success_at IS NULL OR NEW.started_at > h.last_success_at THEN
      UPDATE process_health SET
        last_success_at = NEW.started_at,
        failures_in_a_row = CASE WHEN h.last_failure_at IS NULL OR NEW.started_at > h.last_failure_at
                                 THEN 0 ELSE failures_in_a_row END,
        failing_since = CASE WHEN h.last_failure_at IS NULL OR NEW.started_at > h.last_failure_at
                             THEN NULL ELSE failing_since END,
        updated_at = now()
      WHERE process_id = NEW.process_id;
    END IF;
  ELSIF h.last_success_at IS NULL OR NEW.started_at > h.last_success_at THEN
    UPDATE process_health SET
      failures_in_a_row = failures_in_a_row + 1,
      failing_since = least(coalesce(failing_since, NEW.started_at), NEW.started_at),
      last_failure_at = greatest(last_failure_at, NEW.started_at),
      last_failed_run_id = CASE WHEN h.last_failure_at IS NULL OR NEW.started_at >= h.last_failure_at
                                THEN NEW.id ELSE last_failed_run_id END,
      last_error_kind = CASE WHEN h.last_failure_at IS NULL OR NEW.started_at >= h.last_failure_at
                             THEN NEW.error_kind ELSE last_error_kind END,
      last_error = CASE WHEN h.last_failure_at IS NULL OR NEW.started_at >= h.last_failure_at
                        THEN NEW.error ELSE last_error END,
      updated_at = now()
    WHERE process_id = NEW.process_id;
  ELSIF h.last_failure_at IS NULL OR NEW.started_at > h.last_failure_at THEN
    -- An older failure settling after a newer success: it is the last failure, not a streak.
    UPDATE process_health SET
      last_failure_at = NEW.started_at, last_failed_run_id = NEW.id,
      last_error_kind = NEW.error_kind, last_error = NEW.error, updated_at = now()
    WHERE process_id = NEW.process_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER runs_process_health AFTER INSERT OR UPDATE OF ok ON runs
  FOR EACH ROW EXECUTE FUNCTION maintain_process_health();
--> statement-breakpoint
-- The rollup rows of the kept runs since a time: the backfill below and the rebuild
-- command (src/server/domain/runs/rollups.ts) both count with it.
CREATE OR REPLACE FUNCTION runs_rolled_up(since timestamptz)
RETURNS TABLE (
  process_id uuid, client_user_id uuid, day date, runs integer, failures integer,
  total_duration_ms bigint, last_run_at timestamptz, duration_buckets integer[],
  scheduled_runs integer, scheduled_failures integer, scheduled_on_time integer
) LANGUAGE sql STABLE AS $$
  SELECT process_id, min(client_user_id::text)::uuid, (started_at AT TIME ZONE 'UTC')::date,
    count(*)::integer, (count(*) FILTER (WHERE ok = false))::integer,
    coalesce(sum(duration_ms), 0)::bigint, max(started_at),
    ARRAY[
      count(*) FILTER (WHERE ok IS NOT NULL AND duration_ms < 100),
      count(*) FILTER (WHERE ok IS NOT NULL AND duration_ms >= 100 AND duration_ms < 250),
      count(*) FILTER (WHERE ok IS NOT NULL AND duration_ms >= 250 AND duration_ms < 500),
      count(*) FILTER (WHERE ok IS NOT NULL AND duration_ms >= 500 AND duration_ms < 1000),
      count(*) FILTER (WHERE ok IS NOT NULL AND duration_ms >= 1000 AND duration_ms < 2500),
      count(*) FILTER (WHERE ok IS NOT NULL AND duration_ms >= 2500 AND duration_ms < 5000),
      count(*) FILTER (WHERE ok IS NOT NULL AND duration_ms >= 5000 AND duration_ms < 10000),
      count(*) FILTER (WHERE ok IS NOT NULL AND duration_ms >= 10000 AND duration_ms < 30000),
      count(*) FILTER (WHERE ok IS NOT NULL AND duration_ms >= 30000 AND duration_ms < 60000),
      count(*) FILTER (WHERE ok IS NOT NULL AND duration_ms >= 60000 AND duration_ms < 120000),
      count(*) FILTER (WHERE ok IS NOT NULL AND duration_ms >= 120000 AND duration_ms < 300000),
      count(*) FILTER (WHERE ok IS NOT NULL AND duration_ms >= 300000)
    ]::integer[],
    (count(*) FILTER (WHERE trigger = 'schedule'))::integer,
    (count(*) FILTER (WHERE trigger = 'schedule' AND ok = false))::integer,
    (count(*) FILTER (WHERE trigger = 'schedule' AND scheduled_for IS NOT NULL
                       AND started_at <= scheduled_for + interval '60 seconds'))::integer
  FROM runs WHERE started_at >= since
  GROUP BY process_id, (started_at AT TIME ZONE 'UTC')::date
$$;
--> statement-breakpoint
-- The kept runs give each rollup its buckets and scheduled counts, and each process its health.
UPDATE run_rollups r SET
  duration_buckets = h.duration_buckets, scheduled_runs = h.scheduled_runs,
  scheduled_failures = h.scheduled_failures, scheduled_on_time = h.scheduled_on_time
FROM runs_rolled_up('-infinity') h
WHERE r.process_id = h.process_id AND r.day = h.day;
--> statement-breakpoint
INSERT INTO process_health (process_id, client_user_id)
SELECT DISTINCT ON (process_id) process_id, client_user_id FROM runs
WHERE ok IS NOT NULL ORDER BY process_id, started_at DESC;
--> statement-breakpoint
SELECT recompute_process_health(process_id) FROM process_health;
