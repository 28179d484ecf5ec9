import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { dumpPglite } from '#server/ops/backup.ts';
import {
  listBackups,
  pruneSetAside,
  type WrittenBackup,
  writeBackup,
} from '#server/ops/backup-files.ts';
import { startControlSocket } from '#server/ops/control-socket.ts';
import { createJobRunner, type JobRunner } from './runner.ts';

// Backups of the embedded database while the server runs (docs/decisions/011-backups.md):
// on BACKUP_SCHEDULE (cron, UTC; daily at 03:00 by default) and whenever
// `npm run db:backup` asks over the control socket. A server that was not running at the
// scheduled time takes the missed backup shortly after it starts. One backup at a time.
// The schedule is a job of the server's runner, or of one of its own when none is given.

/** How long after start a missed scheduled backup is taken. */
export const CATCH_UP_DELAY_MS = 2 * 60_000;

export interface BackupJobOptions {
  database: Database;
  config: Pick<Config, 'dataDir' | 'backup'>;
  log?: FastifyBaseLogger;
  catchUpDelayMs?: number;
  /** The server's job runner; without one the schedule runs on a runner of its own. */
  runner?: JobRunner;
}

export interface BackupJob {
  /** Takes a backup now (into `dir`, keeping `keep`), after any backup under way. */
  take(dir?: string, keep?: number): Promise<WrittenBackup>;
  /**
   * Stops the control socket and a schedule on a runner of its own (the server's runner
   * stops its own), and waits for a backup under way.
   */
  stop(): Promise<void>;
}

export async function startBackupJob(options: BackupJobOptions): Promise<BackupJob> {
  const { database, log } = options;
  const { dataDir, backup } = options.config;
  const client = database.pglite;
  if (!client) throw new Error('backups are for the embedded database');

  // A database a restore set aside goes with the backups of its time, whether or not
  // backups are scheduled: at start, and after each backup.
  const pruneRestoreLeftovers = async () => {
    const deleted = await pruneSetAside(dataDir).catch((error: unknown) => {
      log?.error({ err: error }, 'could not delete a database set aside by a restore');
      return [];
    });
    for (const path of deleted)
      log?.info({ path }, 'deleted a database set aside by a restore, past the backups window');
  };
  await pruneRestoreLeftovers();

  let queue: Promise<unknown> = Promise.resolve();
  const take = (dir = backup.dir, keep = backup.keep) => {
    const next = queue.then(async () => {
      const written = await writeBackup(dir, await dumpPglite(client), { keep });
      await pruneRestoreLeftovers();
      return written;
    });
    queue = next.catch(() => {});
    return next;
  };
  const own = options.runner ? null : createJobRunner({ log });
  const { schedule } = backup;
  if (schedule) {
    (options.runner ?? own!).add({
      name: 'backup',
      title: 'Backup of the embedded database',
      schedule: {
        cron: schedule,
        catchUp: {
          afterMs: options.catchUpDelayMs ?? CATCH_UP_DELAY_MS,
          missed: () => backupMissed(schedule, backup.dir),
        },
      },
      async run({ catchUp }) {
        const written = await take();
        const why = catchUp ? 'missed while the server was stopped' : 'BACKUP_SCHEDULE';
        log?.info(
          { file: written.file, bytes: written.bytes, pruned: written.pruned.length },
          `backup written (${why})`,
        );
      },
    });
  }
  own?.start();

  const socket = await startControlSocket(
    dataDir,
    { backup: (request) => take(request.dir, request.keep) },
    log,
  );

  return {
    take,
    async stop() {
      await own?.stop();
      await socket.close();
      await queue;
    },
  };
}

/** True when the newest backup in `dir` is older than the last time `schedule` fired. */
export async function backupMissed(schedule: string, dir: string, now = new Date()) {
  const [last] = new Cron(schedule, { timezone: 'UTC', paused: true }).previousRuns(1, now);
  if (!last) return false;
  const newest = (await listBackups(dir)).at(-1);
  return !newest || newest.takenAt.getTime() < last.getTime();
}
