import { existsSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite, migrationsFolder } from '#server/db/client.ts';
import { pruneSetAside, setAsideName, type WrittenBackup, writeBackup } from './backup-files.ts';
import { requestBackup } from './control-socket.ts';
import { lockForOperation, OpsError, pgliteDir, requireEmbeddedDatabase } from './data-dir.ts';

// Backup and restore of the embedded database (docs/decisions/011-backups.md). A backup is
// PGlite's own dump of its data directory (a gzip tarball), taken by whichever process
// has the directory open: the running server when there is one (asked over its control
// socket), otherwise this process, holding the DATA_DIR lock.

/**
 * A gzip tarball of the database behind `client`, holding whole transactions only.
 * PGlite runs one statement at a time; taking its transaction lock as well keeps every
 * other transaction out while the files are read. The checkpoint first writes everything
 * to the data files, so a restore starts without replaying the write-ahead log.
 */
export async function dumpPglite(client: PGlite): Promise<Blob> {
  return client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return client.dumpDataDir('gzip');
  });
}

export interface BackupTarget {
  /** The data directory of the embedded database (DATA_DIR). */
  dataDir: string;
  /** Where the backup goes; relative to this process's working directory. */
  dir: string;
  keep: number;
}

export type BackupResult = WrittenBackup & { takenBy: 'server' | 'this process' };

/**
 * `npm run db:backup`: asks the server running on `dataDir` for a backup, or, when none
 * runs, takes it here with the directory locked.
 */
export async function backupEmbedded(target: BackupTarget): Promise<BackupResult> {
  const dir = resolve(target.dir);
  const answer = await requestBackup(target.dataDir, { dir, keep: target.keep });
  if (answer) return { ...answer, takenBy: 'server' };
  return { ...(await backupStoppedDataDir({ ...target, dir })), takenBy: 'this process' };
}

/** A backup of a data directory no server has open: opens it here, holding the lock. */
export async function backupStoppedDataDir(target: BackupTarget): Promise<WrittenBackup> {
  const release = lockForOperation(
    target.dataDir,
    `It did not answer on its control socket (${join(target.dataDir, 'run', 'server.sock')}): ` +
      'restart it with this version of the app, or stop it and run the backup again.',
  );
  try {
    requireEmbeddedDatabase(target.dataDir);
    const client = await createPglite({ dataDir: pgliteDir(target.dataDir) });
    try {
      const written = await writeBackup(target.dir, await dumpPglite(client), {
        keep: target.keep,
      });
      await pruneSetAside(target.dataDir);
      return written;
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

export interface RestoreResult {
  /** DATA_DIR/pglite, now holding the backup. */
  restoredTo: string;
  /** Where the database that was there before now is; null when there was none. */
  keptAside: string | null;
  users: number;
  /** Migrations recorded in the backup, and how many this version of the app has. */
  migrations: { inBackup: number; inApp: number };
}

/**
 * `npm run db:restore FILE`: replaces the embedded database in a stopped `dataDir` with
 * the backup in `file`. The backup is loaded and checked in a directory of its own first;
 * only then is the current database moved aside (deleted with the backups once past their
 * window) and the restored one put in its place. Nothing changes when the file cannot be
 * restored.
 */
export async function restoreBackup(options: {
  dataDir: string;
  file: string;
  now?: Date;
}): Promise<RestoreResult> {
  const { dataDir, file } = options;
  if (!existsSync(file)) throw new OpsError(`There is no file ${file}.`);
  const release = lockForOperation(
    dataDir,
    'Stop it first: a restore replaces the database the server has open.',
  );
  try {
    const live = pgliteDir(dataDir);
    const staging = join(dataDir, 'pglite.restoring');
    await rm(staging, { recursive: true, force: true }); // left by a restore that failed
    const tarball = await unpack(file);
    let checked: Omit<RestoreResult, 'restoredTo' | 'keptAside'>;
    try {
      const client = await createPglite({ dataDir: staging, loadDataDir: tarball });
      try {
        checked = await inspect(client);
      } finally {
        await client.close();
      }
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      const reason = error instanceof OpsError ? error.message : (error as Error).message;
      throw new OpsError(`${file} could not be restored (${reason}). Nothing was changed.`);
    }

    let keptAside: string | null = null;
    if (existsSync(live)) {
      keptAside = join(dataDir, setAsideName(options.now ?? new Date()));
      await rename(live, keptAside);
    }
    await rename(staging, live);
    return { restoredTo: live, keptAside, ...checked };
  } finally {
    release();
  }
}

/** The file, unzipped here: a damaged file is refused before PGlite sees it. */
async function unpack(file: string): Promise<Blob> {
  try {
    const tar = await promisify(gunzip)(await readFile(file));
    return new Blob([new Uint8Array(tar)], { type: 'application/x-tar' });
  } catch (error) {
    throw new OpsError(
      `${file} is not a backup made by npm run db:backup, or it is damaged (${(error as Error).message}). Nothing was changed.`,
    );
  }
}

/** Checks the restored database is this app's and says what is in it. */
async function inspect(client: PGlite) {
  const tables = await client.query<{ users: string | null; migrations: string | null }>(
    `select to_regclass('public.users')::text as users,
            to_regclass('drizzle.__drizzle_migrations')::text as migrations`,
  );
  const found = tables.rows[0];
  if (!found?.users || !found.migrations) {
    throw new OpsError("it holds a PostgreSQL database, but not this app's");
  }
  const users = await client.query<{ n: number }>('select count(*)::int as n from users');
  const applied = await client.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  return {
    users: users.rows[0]?.n ?? 0,
    migrations: { inBackup: applied.rows[0]?.n ?? 0, inApp: await migrationsInApp() },
  };
}

async function migrationsInApp(): Promise<number> {
  const journal = JSON.parse(
    await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}
