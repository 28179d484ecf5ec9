import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { JobLocks } from './job-locks.ts';

// One runner for the server's background work (docs/decisions/023-one-job-runner.md): a
// job is a function and a schedule. The runner starts each run when it is due and never
// while the job's last run is under way, tries a failed job again with back-off, keeps
// each job's last success and last failure with its error (the admin Environment screen),
// tells an observer of every run (/metrics), and on stop waits for the runs under way.
// A singleton job runs on one instance at a time: while another instance holds its lock,
// this one skips its turn. What a job shares with other instances row by row (the
// scheduler's claims, the outbox's leases) stays the job's own business.

export type JobSchedule =
  /** Every `everyMs` after the last run ended; the first at start, or `firstAfterMs` after it. */
  | { everyMs: number; firstAfterMs?: number }
  /**
   * At the times of a five-field cron, in UTC. With `catchUp`, a time that passed while
   * the server was stopped (`missed()` says so) is run once, `afterMs` after start.
   */
  | { cron: string; catchUp?: { afterMs: number; missed: () => Promise<boolean> } };

/** After a failure the job is tried again `firstMs` later, then twice as long each time. */
export interface Retry {
  firstMs: number;
  maxMs: number;
}

export interface Job {
  /** Its name in logs and /metrics (the `job` label): lower case, fixed. */
  name: string;
  /** What the Environment screen calls it. */
  title: string;
  schedule: JobSchedule;
  /** One run; a thrown error is a failure. `catchUp` when it makes up for a missed time. */
  run: (turn: { catchUp: boolean }) => Promise<unknown>;
  /** One instance at a time across instances sharing PostgreSQL. */
  singleton?: boolean;
  /** Defaults to the cadence at first (at most 30 s), doubling to between 1 min and 1 h. */
  retry?: Retry;
}

export interface JobState {
  name: string;
  title: string;
  /** "every 5 s", "cron 0 3 * * * (UTC)". */
  cadence: string;
  singleton: boolean;
  running: boolean;
  /** Runs started since this instance started, and how many of them failed. */
  runs: number;
  failures: number;
  /** Failures since the last success: the job is being retried with back-off. */
  consecutiveFailures: number;
  lastStartedAt: Date | null;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  /** The error of the last failure, kept after later successes. */
  lastError: string | null;
  lastDurationMs: number | null;
  /** The last turn skipped because another instance was running the job. */
  lastSkippedAt: Date | null;
  nextRunAt: Date | null;
}

/** Told of every job and run (app.metrics); never told anything a job's error says. */
export interface JobObserver {
  jobAdded(name: string): void;
  jobRan(name: string, run: { ok: boolean; durationMs: number; endedAt: Date }): void;
}

export interface JobRunnerOptions {
  /** Singleton locks across instances; none on the embedded database (one instance). */
  locks?: JobLocks;
  log?: FastifyBaseLogger;
  observer?: JobObserver;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** setTimeout's longest wait; a later cron time is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
const ERROR_LENGTH = 500;

interface Entry {
  job: Job;
  state: JobState;
  cron: Cron | null;
  timer?: NodeJS.Timeout;
  catchUpTimer?: NodeJS.Timeout;
  current: Promise<void> | null;
}

export function createJobRunner(options: JobRunnerOptions) {
  const { locks, log, observer } = options;
  const entries = new Map<string, Entry>();
  let started = false;
  let stopping = false;

  function retryDelay(entry: Entry): number {
    const { schedule } = entry.job;
    const cadence = 'everyMs' in schedule ? schedule.everyMs : HOUR;
    const firstMs = entry.job.retry?.firstMs ?? Math.min(cadence, 30 * SECOND);
    const maxMs = entry.job.retry?.maxMs ?? Math.min(Math.max(cadence, MINUTE), HOUR);
    return Math.min(firstMs * 2 ** (entry.state.consecutiveFailures - 1), maxMs);
  }

  /** When the next run is due, from now: a cron's next time, or the interval. */
  function regularDelay(entry: Entry, first: boolean): number {
    const { schedule } = entry.job;
    if ('everyMs' in schedule) return first ? (schedule.firstAfterMs ?? 0) : schedule.everyMs;
    const next = entry.cron?.nextRun(new Date());
    return next ? next.getTime() - Date.now() : Number.POSITIVE_INFINITY;
  }

  function plan(entry: Entry, delayMs: number) {
    if (stopping || !Number.isFinite(delayMs)) {
      entry.state.nextRunAt = null;
      return;
    }
    const at = Date.now() + Math.max(0, delayMs);
    entry.state.nextRunAt = new Date(at);
    const wait = () => {
      const left = at - Date.now();
      entry.timer = setTimeout(
        () => (left > LONGEST_TIMER_MS ? wait() : void turn(entry, false)),
        Math.min(Math.max(0, left), LONGEST_TIMER_MS),
      );
      entry.timer.unref();
    };
    wait();
  }

  function planNext(entry: Entry) {
    const regular = regularDelay(entry, false);
    if (entry.state.consecutiveFailures === 0) return plan(entry, regular);
    // A cron job keeps its next time when that comes before the retry.
    const retry = retryDelay(entry);
    plan(entry, entry.cron ? Math.min(retry, regular) : retry);
  }

  async function turn(entry: Entry, catchUp: boolean) {
    clearTimeout(entry.timer);
    entry.state.nextRunAt = null;
    entry.current = attempt(entry, catchUp);
    await entry.current;
    entry.current = null;
    planNext(entry);
  }

  async function attempt(entry: Entry, catchUp: boolean) {
    const { job, state } = entry;
    let release: (() => Promise<void>) | null = async () => {};
    const startedAt = new Date();
    try {
      if (job.singleton && locks) release = await locks.tryHold(job.name);
      if (!release) {
        state.lastSkippedAt = startedAt;
        return;
      }
      state.running = true;
      state.runs++;
      state.lastStartedAt = startedAt;
      await job.run({ catchUp });
      ended(entry, startedAt, null);
    } catch (error) {
      // A lock that could not be asked for is a failed run too: the job did not run.
      if (!state.running) {
        state.runs++;
        state.lastStartedAt = startedAt;
      }
      ended(entry, startedAt, error);
    } finally {
      state.running = false;
      await release?.().catch((error: unknown) =>
        log?.warn({ err: error, job: job.name }, 'a job lock could not be released'),
      );
    }
  }

  function ended(entry: Entry, startedAt: Date, error: unknown) {
    const { job, state } = entry;
    const endedAt = new Date();
    const durationMs = endedAt.getTime() - startedAt.getTime();
    state.lastDurationMs = durationMs;
    const ok = error === null;
    if (ok) {
      state.lastSuccessAt = endedAt;
      state.consecutiveFailures = 0;
    } else {
      state.failures++;
      state.consecutiveFailures++;
      state.lastFailureAt = endedAt;
      const message = error instanceof Error ? error.message : String(error);
      state.lastError = message.slice(0, ERROR_LENGTH);
      log?.error(
        { err: error, job: job.name, failures: state.consecutiveFailures },
        `background job failed: ${job.title}`,
      );
    }
    observer?.jobRan(job.name, { ok, durationMs, endedAt });
  }

  function begin(entry: Entry) {
    plan(entry, regularDelay(entry, true));
    const { schedule } = entry.job;
    if (!('cron' in schedule) || !schedule.catchUp) return;
    const { afterMs, missed } = schedule.catchUp;
    entry.catchUpTimer = setTimeout(async () => {
      if (stopping || entry.current) return;
      const late = await missed().catch((error: unknown) => {
        log?.warn({ err: error, job: entry.job.name }, 'could not tell whether a run was missed');
        return false;
      });
      if (late && !stopping && !entry.current) await turn(entry, true);
    }, afterMs);
    entry.catchUpTimer.unref();
  }

  return {
    /** Adds a job; started at once when the runner already runs. */
    add(job: Job) {
      if (entries.has(job.name)) throw new Error(`a job named ${job.name} is already added`);
      const cron =
        'cron' in job.schedule
          ? new Cron(job.schedule.cron, { timezone: 'UTC', paused: true })
          : null;
      const entry: Entry = { job, cron, current: null, state: initialState(job) };
      entries.set(job.name, entry);
      observer?.jobAdded(job.name);
      if (started && !stopping) begin(entry);
    },
    start() {
      if (started) return;
      started = true;
      for (const entry of entries.values()) begin(entry);
    },
    /** Starts no more runs; resolves once the runs under way have ended. */
    async stop() {
      stopping = true;
      for (const entry of entries.values()) {
        clearTimeout(entry.timer);
        clearTimeout(entry.catchUpTimer);
        entry.state.nextRunAt = null;
      }
      await Promise.all([...entries.values()].map((entry) => entry.current));
      await locks?.close();
    },
    /** Every job in the order added, as this instance has seen it since it started. */
    states(): JobState[] {
      return [...entries.values()].map((entry) => ({ ...entry.state }));
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

function initialState(job: Job): JobState {
  return {
    name: job.name,
    title: job.title,
    cadence: cadenceText(job.schedule),
    singleton: job.singleton ?? false,
    running: false,
    runs: 0,
    failures: 0,
    consecutiveFailures: 0,
    lastStartedAt: null,
    lastSuccessAt: null,
    lastFailureAt: null,
    lastError: null,
    lastDurationMs: null,
    lastSkippedAt: null,
    nextRunAt: null,
  };
}

const units: [number, string][] = [
  [24 * HOUR, 'day'],
  [HOUR, 'hour'],
  [MINUTE, 'minute'],
  [SECOND, 'second'],
];

/** "every 5 seconds", "every hour", "cron 0 3 * * * (UTC)". */
export function cadenceText(schedule: JobSchedule): string {
  if ('cron' in schedule) return `cron ${schedule.cron} (UTC)`;
  const ms = schedule.everyMs;
  const [size, unit] = units.find(([size]) => ms >= size && ms % size === 0) ?? [1, 'millisecond'];
  const count = ms / size;
  return count === 1 ? `every ${unit}` : `every ${count} ${unit}s`;
}
