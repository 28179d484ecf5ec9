import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { interruptAbandonedRuns } from '#server/domain/runs/in-flight.ts';

// Runs left `running` by a server that died mid-call are marked interrupted. On PGlite one
// server owns the data directory (it is locked), so at start every such run is abandoned.
// On PostgreSQL other instances may have calls under way: only runs older than the
// longest a call can take are abandoned, at start and then every minute.

const SWEEP_MS = 60_000;
const MARGIN_MS = 30_000;

export async function startRunRecovery(
  database: Database,
  webhookTimeoutMs: number,
  log: FastifyBaseLogger,
): Promise<() => void> {
  const cutoff = () => new Date(Date.now() - webhookTimeoutMs - MARGIN_MS);
  const sweep = async (startedBefore: Date) => {
    const count = await interruptAbandonedRuns(database.db, startedBefore);
    if (count > 0) log.warn({ count }, 'runs left running by a stopped server marked interrupted');
  };
  await sweep(database.kind === 'pglite' ? new Date() : cutoff());
  const timer = setInterval(() => {
    sweep(cutoff()).catch((error: unknown) => log.error({ err: error }, 'run recovery failed'));
  }, SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
