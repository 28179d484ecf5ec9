-- The rollups and each process's health are counted once per statement on runs, from
-- its transition tables, instead of once per run (docs/decisions/018-run-rollups.md,
-- 029-operations-console.md): a statement's runs are summed per process and UTC day and
-- each rollup row, day total and health row is written once, so a bulk insert no longer
-- rewrites the same rows once per run. The counts are those of the row triggers they
-- replace (0031), whatever the mix of runs in a statement. The read cache's notices for
-- runs (0004) go the same way, at the end.
DROP TRIGGER IF EXISTS runs_rollup ON runs;
--> statement-breakpoint
DROP TRIGGER IF EXISTS runs_process_health ON runs;
--> statement-breakpoint
-- The bucket (1–12) of a settled run's duration: the bounds of run_duration_bucket_add.
CREATE OR REPLACE FUNCTION run_duration_bucket(ms integer) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN ms IS NULL THEN NULL
    WHEN ms < 100 THEN 1 WHEN ms < 250 THEN 2 WHEN ms < 500 THEN 3 WHEN ms < 1000 THEN 4
    WHEN ms < 2500 THEN 5 WHEN ms < 5000 THEN 6 WHEN ms < 10000 THEN 7 WHEN ms < 30000 THEN 8
    WHEN ms < 60000 THEN 9 WHEN ms < 120000 THEN 10 WHEN ms < 300000 THEN 11 ELSE 12 END
$$;
--> statement-breakpoint
-- A rollup's twelve buckets plus a statement's changes to them; a row from before 0031
-- (an empty array) is padded, as run_duration_bucket_add pads it.
CREATE OR REPLACE FUNCTION run_duration_buckets_merge(buckets integer[], delta integer[])
RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[
    coalesce(buckets[1], 0) + coalesce(delta[1], 0), coalesce(buckets[2], 0) + coalesce(delta[2], 0),
    coalesce(buckets[3], 0) + coalesce(delta[3], 0), coalesce(buckets[4], 0) + coalesce(delta[4], 0),
    coalesce(buckets[5], 0) + coalesce(delta[5], 0), coalesce(buckets[6], 0) + coalesce(delta[6], 0),
    coalesce(buckets[7], 0) + coalesce(delta[7], 0), coalesce(buckets[8], 0) + coalesce(delta[8], 0),
    coalesce(buckets[9], 0) + coalesce(delta[9], 0), coalesce(buckets[10], 0) + coalesce(delta[10], 0),
    coalesce(buckets[11], 0) + coalesce(delta[11], 0), coalesce(buckets[12], 0) + coalesce(delta[12], 0)
  ]
$$;
--> statement-breakpoint
-- One upsert per (process, UTC day) a statement touches. Inserted runs add to their day;
-- an update that changes a run's outcome or duration moves its failure, duration and
-- bucket within the day and process it was counted in (the old row's), as before. Buckets
-- stay an empty array until a settled run with a duration is counted, as before. Inserts
-- upsert in (process, day) order, so concurrent bulk inserts lock rows in the same order.
CREATE OR REPLACE FUNCTION maintain_run_rollups() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH added AS (
      SELECT n.process_id, n.day,
        (array_agg(n.client_user_id ORDER BY n.ord))[1] AS client_user_id,
        count(*)::integer AS runs,
        (count(*) FILTER (WHERE n.ok = false))::integer AS failures,
        coalesce(sum(n.duration_ms), 0)::bigint AS total_duration_ms,
        max(n.started_at) AS last_run_at,
        CASE WHEN bool_or(n.bucket IS NOT NULL) THEN ARRAY[
          count(*) FILTER (WHERE n.bucket = 1), count(*) FILTER (WHERE n.bucket = 2),
          count(*) FILTER (WHERE n.bucket = 3), count(*) FILTER (WHERE n.bucket = 4),
          count(*) FILTER (WHERE n.bucket = 5), count(*) FILTER (WHERE n.bucket = 6),
          count(*) FILTER (WHERE n.bucket = 7), count(*) FILTER (WHERE n.bucket = 8),
          count(*) FILTER (WHERE n.bucket = 9), count(*) FILTER (WHERE n.bucket = 10),
          count(*) FILTER (WHERE n.bucket = 11), count(*) FILTER (WHERE n.bucket = 12)
        ]::integer[] ELSE '{}'::integer[] END AS duration_buckets,
        (count(*) FILTER (WHERE n.trigger = 'schedule'))::integer AS scheduled_runs,
        (count(*) FILTER (WHERE n.trigger = 'schedule' AND n.ok = false))::integer AS scheduled_failures,
        (count(*) FILTER (WHERE n.trigger = 'schedule' AND n.scheduled_for IS NOT NULL
                           AND n.started_at <= n.scheduled_for + interval '60 seconds'))::integer
          AS scheduled_on_time
      FROM (
        SELECT r.process_id, r.client_user_id, r.ok, r.duration_ms, r.started_at, r.trigger,
          r.scheduled_for, (r.started_at AT TIME ZONE 'UTC')::date AS day,
          CASE WHEN r.ok IS NOT NULL THEN run_duration_bucket(r.duration_ms) END AS bucket,
          row_number() OVER () AS ord
        FROM new_runs r
      ) n
      GROUP BY n.process_id, n.day
    ), counted AS (
      INSERT INTO run_rollups AS r
        (process_id, client_user_id, day, runs, failures, total_duration_ms, last_run_at,
         duration_buckets, scheduled_runs, scheduled_failures, scheduled_on_time)
      SELECT process_id, client_user_id, day, runs, failures, total_duration_ms, last_run_at,
             duration_buckets, scheduled_runs, scheduled_failures, scheduled_on_time
      FROM added ORDER BY process_id, day
      ON CONFLICT (process_id, day) DO UPDATE SET
        runs = r.runs + EXCLUDED.runs,
        failures = r.failures + EXCLUDED.failures,
        total_duration_ms = r.total_duration_ms + EXCLUDED.total_duration_ms,
        last_run_at = greatest(r.last_run_at, EXCLUDED.last_run_at),
        duration_buckets = CASE WHEN cardinality(EXCLUDED.duration_buckets) = 0 THEN r.duration_buckets
                                ELSE run_duration_buckets_merge(r.duration_buckets, EXCLUDED.duration_buckets) END,
        scheduled_runs = r.scheduled_runs + EXCLUDED.scheduled_runs,
        scheduled_failures = r.scheduled_failures + EXCLUDED.scheduled_failures,
        scheduled_on_time = r.scheduled_on_time + EXCLUDED.scheduled_on_time
      -- xmax = 0: a new rollup row, one more process that ran that day (0018).
      RETURNING r.process_id, r.day, (r.xmax = 0) AS created
    )
    INSERT INTO run_daily_totals AS t (day, runs, failures, process_days)
    SELECT a.day, sum(a.runs), sum(a.failures), count(*) FILTER (WHERE c.created)
    FROM added a JOIN counted c ON c.process_id = a.process_id AND c.day = a.day
    GROUP BY a.day ORDER BY a.day
    ON CONFLICT (day) DO UPDATE SET
      runs = t.runs + EXCLUDED.runs,
      failures = t.failures + EXCLUDED.failures,
      process_days = t.process_days + EXCLUDED.process_days;
  ELSE
    WITH moved AS (
      SELECT o.process_id, (o.started_at AT TIME ZONE 'UTC')::date AS day,
        sum(b.failed)::integer AS failures,
        sum(CASE WHEN o.trigger = 'schedule' THEN b.failed ELSE 0 END)::integer AS scheduled_failures,
        sum(coalesce(n.duration_ms, 0) - coalesce(o.duration_ms, 0))::bigint AS total_duration_ms,
        bool_or(b.old_bucket IS NOT NULL OR b.new_bucket IS NOT NULL) AS bucketed,
        ARRAY[
          count(*) FILTER (WHERE b.new_bucket = 1) - count(*) FILTER (WHERE b.old_bucket = 1),
          count(*) FILTER (WHERE b.new_bucket = 2) - count(*) FILTER (WHERE b.old_bucket = 2),
          count(*) FILTER (WHERE b.new_bucket = 3) - count(*) FILTER (WHERE b.old_bucket = 3),
          count(*) FILTER (WHERE b.new_bucket = 4) - count(*) FILTER (WHERE b.old_bucket = 4),
          count(*) FILTER (WHERE b.new_bucket = 5) - count(*) FILTER (WHERE b.old_bucket = 5),
          count(*) FILTER (WHERE b.new_bucket = 6) - count(*) FILTER (WHERE b.old_bucket = 6),
          count(*) FILTER (WHERE b.new_bucket = 7) - count(*) FILTER (WHERE b.old_bucket = 7),
          count(*) FILTER (WHERE b.new_bucket = 8) - count(*) FILTER (WHERE b.old_bucket = 8),
          count(*) FILTER (WHERE b.new_bucket = 9) - count(*) FILTER (WHERE b.old_bucket = 9),
          count(*) FILTER (WHERE b.new_bucket = 10) - count(*) FILTER (WHERE b.old_bucket = 10),
          count(*) FILTER (WHERE b.new_bucket = 11) - count(*) FILTER (WHERE b.old_bucket = 11),
          count(*) FILTER (WHERE b.new_bucket = 12) - count(*) FILTER (WHERE b.old_bucket = 12)
        ]::integer[] AS duration_buckets
      FROM old_runs o JOIN new_runs n ON n.id = o.id
      CROSS JOIN LATERAL (SELECT
        (CASE WHEN n.ok = false THEN 1 ELSE 0 END) - (CASE WHEN o.ok = false THEN 1 ELSE 0 END) AS failed,
        CASE WHEN o.ok IS NOT NULL THEN run_duration_bucket(o.duration_ms) END AS old_bucket,
        CASE WHEN n.ok IS NOT NULL THEN run_duration_bucket(n.duration_ms) END AS new_bucket) b
      WHERE n.ok IS DISTINCT FROM o.ok OR n.duration_ms IS DISTINCT FROM o.duration_ms
      GROUP BY o.process_id, (o.started_at AT TIME ZONE 'UTC')::date
    ), recounted AS (
      UPDATE run_rollups r SET
        failures = r.failures + m.failures,
        total_duration_ms = r.total_duration_ms + m.total_duration_ms,
        duration_buckets = CASE WHEN m.bucketed
                                THEN run_duration_buckets_merge(r.duration_buckets, m.duration_buckets)
                                ELSE r.duration_buckets END,
        scheduled_failures = r.scheduled_failures + m.scheduled_failures
      FROM moved m
      WHERE r.process_id = m.process_id AND r.day = m.day
    )
    UPDATE run_daily_totals t SET failures = t.failures + d.failures
    FROM (SELECT day, sum(failures)::integer AS failures FROM moved GROUP BY day) d
    WHERE t.day = d.day AND d.failures <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Health depends on the order runs settle in (a success resets the failures in a row only
-- if no later failure is known yet), so a statement's settled runs are applied one by one,
-- per process in the order the statement wrote them (the order the row trigger saw), to
-- the health row held in memory; the row is then written once. An outcome corrected
-- (settled before, settled otherwise now) rebuilds the process from its kept runs, as before.
CREATE OR REPLACE FUNCTION maintain_process_health() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  settled refcursor;
  r record;
  h process_health%ROWTYPE;
  changed boolean := false;
BEGIN
  IF TG_OP = 'INSERT' THEN
    OPEN settled FOR
      SELECT n.process_id, n.client_user_id, n.id, n.ok, n.started_at, n.error_kind, n.error,
             false AS corrected
      FROM (SELECT nr.*, row_number() OVER () AS ord FROM new_runs nr) n
      WHERE n.ok IS NOT NULL
      ORDER BY n.process_id, n.ord;
  ELSE
    OPEN settled FOR
      SELECT n.process_id, n.client_user_id, n.id, n.ok, n.started_at, n.error_kind, n.error,
             o.ok IS NOT NULL AS corrected
      FROM (SELECT nr.*, row_number() OVER () AS ord FROM new_runs nr) n
      JOIN old_runs o ON o.id = n.id
      WHERE n.ok IS NOT NULL AND o.ok IS DISTINCT FROM n.ok
      ORDER BY n.process_id, n.ord;
  END IF;
  LOOP
    FETCH settled INTO r;
    EXIT WHEN NOT FOUND;
    IF r.process_id IS DISTINCT FROM h.process_id THEN
      IF changed THEN
        UPDATE process_health SET
          failures_in_a_row = h.failures_in_a_row, failing_since = h.failing_since,
          last_success_at = h.last_success_at, last_failure_at = h.last_failure_at,
          last_failed_run_id = h.last_failed_run_id, last_error_kind = h.last_error_kind,
          last_error = h.last_error, updated_at = now()
        WHERE process_id = h.process_id;
        changed := false;
      END IF;
      INSERT INTO process_health (process_id, client_user_id) VALUES (r.process_id, r.client_user_id)
      ON CONFLICT (process_id) DO NOTHING;
      SELECT * INTO h FROM process_health WHERE process_id = r.process_id FOR UPDATE;
    END IF;
    IF r.corrected THEN
      IF changed THEN
        UPDATE process_health SET
          failures_in_a_row = h.failures_in_a_row, failing_since = h.failing_since,
          last_success_at = h.last_success_at, last_failure_at = h.last_failure_at,
          last_failed_run_id = h.last_failed_run_id, last_error_kind = h.last_error_kind,
          last_error = h.last_error, updated_at = now()
        WHERE process_id = h.process_id;
        changed := false;
      END IF;
      PERFORM recompute_process_health(r.process_id);
      SELECT * INTO h FROM process_health WHERE process_id = r.process_id;
    ELSIF r.ok THEN
      IF h.last_success_at IS NULL OR r.started_at > h.last_success_at THEN
        IF h.last_failure_at IS NULL OR r.started_at > h.last_failure_at THEN
          h.failures_in_a_row := 0;
          h.failing_since := NULL;
        END IF;
        h.last_success_at := r.started_at;
        changed := true;
      END IF;
    ELSIF h.last_success_at IS NULL OR r.started_at > h.last_success_at THEN
      h.failures_in_a_row := h.failures_in_a_row + 1;
      h.failing_since := least(coalesce(h.failing_since, r.started_at), r.started_at);
      IF h.last_failure_at IS NULL OR r.started_at >= h.last_failure_at THEN
        h.last_failed_run_id := r.id;
        h.last_error_kind := r.error_kind;
        h.last_error := r.error;
      END IF;
      h.last_failure_at := greatest(h.last_failure_at, r.started_at);
      changed := true;
    ELSIF h.last_failure_at IS NULL OR r.started_at > h.last_failure_at THEN
      -- An older failure settling after a newer success: it is the last failure, not a streak.
      h.last_failure_at := r.started_at;
      h.last_failed_run_id := r.id;
      h.last_error_kind := r.error_kind;
      h.last_error := r.error;
      changed := true;
    END IF;
  END LOOP;
  CLOSE settled;
  IF changed THEN
    UPDATE process_health SET
      failures_in_a_row = h.failures_in_a_row, failing_since = h.failing_since,
      last_success_at = h.last_success_at, last_failure_at = h.last_failure_at,
      last_failed_run_id = h.last_failed_run_id, last_error_kind = h.last_error_kind,
      last_error = h.last_error, updated_at = now()
    WHERE process_id = h.process_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A trigger with transition tables takes one event and no column list (PostgreSQL).
CREATE TRIGGER runs_rollup_insert AFTER INSERT ON runs
  REFERENCING NEW TABLE AS new_runs
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_run_rollups();
--> statement-breakpoint
CREATE TRIGGER runs_rollup_update AFTER UPDATE ON runs
  REFERENCING OLD TABLE AS old_runs NEW TABLE AS new_runs
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_run_rollups();
--> statement-breakpoint
CREATE TRIGGER runs_process_health_insert AFTER INSERT ON runs
  REFERENCING NEW TABLE AS new_runs
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_process_health();
--> statement-breakpoint
CREATE TRIGGER runs_process_health_update AFTER UPDATE ON runs
  REFERENCING OLD TABLE AS old_runs NEW TABLE AS new_runs
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_process_health();
--> statement-breakpoint
-- The read cache's notices for runs (0004), once per client a statement touches instead of
-- once per run: a retention delete of a million runs spent most of its time announcing
-- the same few keys again and again. PostgreSQL delivers identical notices of a
-- transaction once, so listeners receive exactly what they did before.
CREATE OR REPLACE FUNCTION notify_runs_cache_invalidation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('cache_invalidation', 'runs:' || k.client_user_id)
    FROM (SELECT DISTINCT client_user_id FROM old_runs) k;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('cache_invalidation', 'runs:' || k.client_user_id)
    FROM (SELECT DISTINCT client_user_id FROM new_runs) k;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS runs_cache_invalidation ON runs;
--> statement-breakpoint
CREATE TRIGGER runs_cache_invalidation_insert AFTER INSERT ON runs
  REFERENCING NEW TABLE AS new_runs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_runs_cache_invalidation();
--> statement-breakpoint
CREATE TRIGGER runs_cache_invalidation_update AFTER UPDATE ON runs
  REFERENCING OLD TABLE AS old_runs NEW TABLE AS new_runs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_runs_cache_invalidation();
--> statement-breakpoint
CREATE TRIGGER runs_cache_invalidation_delete AFTER DELETE ON runs
  REFERENCING OLD TABLE AS old_runs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_runs_cache_invalidation();
