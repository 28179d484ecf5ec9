import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { type AbandonedRuns, interruptAbandonedRuns } from '#server/domain/runs/in-flight.ts';
import type { RunObserver } from '#server/domain/runs/service.ts';
import type { Job } from './runner.ts';

// Runs left `running` by a server that died mid-call are marked interrupted. On PGlite one
// server owns the data directory (it is locked), so at start every such run is abandoned.
// On PostgreSQL other instances may have calls under way: only runs older than the
// longest their process's call can take are abandoned, at start and then every minute.

const SWEEP_MS = 60_000;
const MARGIN_MS = 30_000;

/** The sweep at start, before anything runs; then `job` keeps sweeping. */
export async function recoverRunsAtStart(
  database: Database,
  log: FastifyBaseLogger,
  /** Told of each run marked interrupted (metrics). */
  observer?: RunObserver,
): Promise<Job> {
  // Each process has its own webhook timeout (up to 10 minutes): a run is abandoned once
  // its own timeout and a margin have passed.
  const cutoff = () => ({ timedOutBefore: new Date(Date.now() - MARGIN_MS) });
  const sweep = async (which: AbandonedRuns) => {
    const count = await interruptAbandonedRuns(database.db, which, new Date(), observer);
    if (count > 0) log.warn({ count }, 'runs left running by a stopped server marked interrupted');
  };
  await sweep(database.kind === 'pglite' ? { startedBefore: new Date() } : cutoff());
  return {
    name: 'run-recovery',
    title: 'Runs left running by a stopped server',
    schedule: { everyMs: SWEEP_MS, firstAfterMs: SWEEP_MS },
    run: () => sweep(cutoff()),
  };
}
