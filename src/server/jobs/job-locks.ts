import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '#server/db/client.ts';

// Who runs a singleton job now, when instances share PostgreSQL: a session advisory lock
// per job, taken without waiting (another instance running it means this one skips its
// turn). The locks live on one connection of their own, outside the pool, so a long job
// never holds a pooled connection, and an instance that dies lets go of its locks with
// its connection: no lease to time out, no table to keep (docs/decisions/023-one-job-runner.md).
// The embedded database has one server (DATA_DIR is locked), so it needs none.

export interface JobLocks {
  /** Takes the job's lock and answers its release, or null while another instance holds it. */
  tryHold(name: string): Promise<(() => Promise<void>) | null>;
  close(): Promise<void>;
}

/** Arbitrary constant: the first key of every job's advisory lock (the second is its name). */
const JOB_LOCK_SPACE = 7_240_115;

export function jobLocksFor(database: Database, log?: FastifyBaseLogger): JobLocks | undefined {
  if (database.kind !== 'postgres' || !database.url) return undefined;
  return createPostgresJobLocks(database.url, log);
}

export function createPostgresJobLocks(
  connectionString: string,
  log?: FastifyBaseLogger,
): JobLocks {
  let session: Promise<pg.Client> | null = null;
  /** Jobs holding their lock on the current session. */
  const holding = new Set<string>();

  function open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString, application_name: 'job locks' });
    const opened = client.connect().then(() => client);
    // A lost session has let go of every lock on it: the next turn opens another.
    const lost = (error?: Error) => {
      if (session !== opened) return;
      session = null;
      if (holding.size > 0) {
        log?.warn(
          { err: error, jobs: [...holding] },
          'lost the connection holding job locks: another instance may start these jobs',
        );
      }
      holding.clear();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    session = opened;
    opened.catch(() => lost());
    return opened;
  }

  return {
    async tryHold(name) {
      const client = await (session ?? open());
      const { rows } = await client.query<{ held: boolean }>(
        'select pg_try_advisory_lock($1, hashtext($2)) as held',
        [JOB_LOCK_SPACE, name],
      );
      if (!rows[0]?.held) return null;
      holding.add(name);
      return async () => {
        if (!holding.delete(name)) return; // the session went, and the lock with it
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [JOB_LOCK_SPACE, name]);
      };
    },
    async close() {
      const current = session;
      session = null;
      holding.clear();
      const client = await current?.catch(() => null);
      await client?.end().catch(() => {});
    },
  };
}
