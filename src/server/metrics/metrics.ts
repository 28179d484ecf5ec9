import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { EndedRun } from '#server/domain/runs/service.ts';

// What the server measures, in the Prometheus text format (DESIGN §2: prom-client,
// `/metrics` behind a token). One registry per app, never prom-client's global one: tests
// build many apps in one process. Labels take values from small fixed sets only (route
// patterns, never URLs; run triggers and outcomes; cache names), so an id or a token can
// never become a label and the number of series stays bounded.

/** The route label of a request that matched no route (pages, typos, probes). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Hit and miss counts of each read cache since start (cache/read-cache.ts). */
export type CacheCounts = Record<string, { hits: number; misses: number }>;

export interface MetricsSources {
  /**
   * Processes' own metrics (memory, CPU, event loop, GC). Only on an app that serves
   * /metrics: the collectors start timers and observers that live as long as the process.
   */
  processMetrics: boolean;
  /** Outbox rows by status, counted when scraped (one cheap query). */
  outboxCounts?: () => Promise<{ status: string; count: number }[]>;
  /** The read cache's hit and miss counts, read when scraped. */
  cacheCounts?: () => CacheCounts;
  /** Told when a source fails during a scrape; the rest of the answer is still given. */
  onCollectError?: (error: unknown, source: string) => void;
}

/** Outbox statuses counted by the depth gauge; `sent` rows are kept for ever, so not counted. */
export const COUNTED_OUTBOX_STATUSES = ['pending', 'failed'] as const;

export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  const registers = [registry];
  if (sources.processMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, and how long they took (count: _count).',
    labelNames: ['method', 'route', 'status_code'] as const,
    // Signed-in reads answer in about a millisecond; a manual run waits up to the
    // webhook timeout (30 s).
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });

  const runs = new Counter({
    name: 'webhook_runs_total',
    help: 'Runs of a workflow webhook that ended, by trigger and outcome (succeeded, failed, timeout, unreachable, interrupted).',
    labelNames: ['trigger', 'outcome'] as const,
    registers,
  });
  const runDurations = new Histogram({
    name: 'webhook_run_duration_seconds',
    help: 'How long a webhook call took, by trigger and outcome (interrupted runs have no duration).',
    labelNames: ['trigger', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60],
    registers,
  });

  const lateness = new Histogram({
    name: 'scheduler_lateness_seconds',
    help: 'Time between a schedule being due and the scheduler firing it.',
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers,
  });

  // Background jobs (jobs/runner.ts), labelled by the job's fixed name.
  const jobCounter = (name: string, help: string) =>
    new Counter({ name, help, labelNames: ['job'] as const, registers });
  const jobRuns = jobCounter('job_runs_total', 'Runs of each background job since start.');
  const jobFailures = jobCounter(
    'job_failures_total',
    'Runs of each background job that failed (it is then tried again with back-off).',
  );
  const jobDurations = new Histogram({
    name: 'job_duration_seconds',
    help: 'How long each run of a background job took, failed ones included.',
    labelNames: ['job'] as const,
    // A scheduler claim takes milliseconds; retention and a backup can take minutes.
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    registers,
  });
  const jobLastSuccess = new Gauge({
    name: 'job_last_success_timestamp_seconds',
    help: 'When each background job last ended without an error (Unix time); absent until it has.',
    labelNames: ['job'] as const,
    registers,
  });

  const { outboxCounts, cacheCounts, onCollectError } = sources;
  new Gauge({
    name: 'outbox_messages',
    help: 'Mail in the outbox table by status: pending (not delivered yet) and failed (given up).',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      if (!outboxCounts) return;
      try {
        const rows = await outboxCounts();
        for (const status of COUNTED_OUTBOX_STATUSES) {
          this.set({ status }, rows.find((row) => row.status === status)?.count ?? 0);
        }
      } catch (error) {
        // No stale depth: the series disappear until the database answers again.
        this.reset();
        onCollectError?.(error, 'outbox_messages');
      }
    },
  });
  const mailSent = new Counter({
    name: 'outbox_sent_total',
    help: 'Messages the outbox sender delivered.',
    registers,
  });
  const mailFailures = new Counter({
    name: 'outbox_send_failures_total',
    help: 'Failed delivery attempts; final="true" when the message was given up (no more retries).',
    labelNames: ['final'] as const,
    registers,
  });

  // The cache counts plain integers on the hot path; these copy them when scraped.
  const cacheCounter = (name: string, help: string, pick: 'hits' | 'misses') =>
    new Counter({
      name,
      help,
      labelNames: ['cache'] as const,
      registers,
      collect() {
        if (!cacheCounts) return;
        this.reset();
        for (const [cache, counts] of Object.entries(cacheCounts())) {
          this.inc({ cache }, counts[pick]);
        }
      },
    });
  cacheCounter('read_cache_hits_total', 'Reads answered from the in-memory read cache.', 'hits');
  cacheCounter(
    'read_cache_misses_total',
    'Reads the read cache had to load from the database.',
    'misses',
  );

  return {
    registry,
    contentType: registry.contentType,
    /** The text a scrape answers. */
    render: () => registry.metrics(),
    observeRequest(method: string, route: string, statusCode: number, seconds: number) {
      requests.observe({ method, route, status_code: statusCode }, seconds);
    },
    /** A RunObserver (domain/runs): every run that ends. */
    runEnded({ trigger, outcome, durationMs }: EndedRun) {
      runs.inc({ trigger, outcome });
      if (durationMs !== null) runDurations.observe({ trigger, outcome }, durationMs / 1000);
    },
    /** The scheduler fired a schedule `latenessMs` after it was due. */
    scheduleFired(latenessMs: number) {
      lateness.observe(Math.max(0, latenessMs) / 1000);
    },
    /** A JobObserver (jobs/runner.ts): a job is counted from the start, at zero. */
    jobAdded(job: string) {
      jobRuns.inc({ job }, 0);
      jobFailures.inc({ job }, 0);
    },
    jobRan(job: string, run: { ok: boolean; durationMs: number; endedAt: Date }) {
      jobRuns.inc({ job });
      if (!run.ok) jobFailures.inc({ job });
      jobDurations.observe({ job }, run.durationMs / 1000);
      if (run.ok) jobLastSuccess.set({ job }, run.endedAt.getTime() / 1000);
    },
    mailSent() {
      mailSent.inc();
    },
    /** A delivery attempt failed; `final` when the message is given up. */
    mailFailed(final: boolean) {
      mailFailures.inc({ final: String(final) });
    },
    close() {
      registry.clear();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
