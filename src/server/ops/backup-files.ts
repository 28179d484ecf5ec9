import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { retention } from '#shared/retention.ts';

// Backup files of the embedded database: pglite-YYYYMMDDTHHMMSSZ.tar.gz (UTC, the time the
// dump was taken), written under a temporary name and renamed when complete, readable by
// the owner only (a backup holds password hashes and webhook keys), the last N kept.

const NAME = /^pglite-(\d{8}T\d{6}Z)(?:-(\d+))?\.tar\.gz$/;

export interface BackupFile {
  name: string;
  path: string;
  takenAt: Date;
}

export interface WrittenBackup {
  file: string;
  bytes: number;
  /** Older backups deleted to keep the last N. */
  pruned: string[];
}

/** 2026-11-23T03:00:00.123Z -> 20261123T030000Z */
export const backupStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

export function backupName(date: Date, sequence = 1) {
  return `pglite-${backupStamp(date)}${sequence > 1 ? `-${sequence}` : ''}.tar.gz`;
}

/** When the backup named `name` was taken, or null for a file that is not a backup. */
export const takenAtOf = (name: string) => timeOfStamp(NAME.exec(name)?.[1]);

/** 20261123T030000Z -> 2026-11-23T03:00:00Z; null for anything else. */
function timeOfStamp(stamp: string | undefined): Date | null {
  if (!stamp) return null;
  const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const sequenceOf = (name: string) => Number(NAME.exec(name)?.[2] ?? 1);

/** The names in `dir`; none when it does not exist (yet). */
async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The backups in `dir`, oldest first; other files are ignored. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  const names = await namesIn(dir);
  const backups: (BackupFile & { sequence: number })[] = [];
  for (const name of names) {
    const takenAt = takenAtOf(name);
    if (takenAt) backups.push({ name, path: join(dir, name), takenAt, sequence: sequenceOf(name) });
  }
  backups.sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime() || a.sequence - b.sequence);
  return backups.map(({ sequence: _sequence, ...file }) => file);
}

/**
 * Deletes all but the newest `keep` backups in `dir`, and any older than the privacy
 * policy's backup window (shared/retention.ts: deleted data leaves backups within it),
 * whatever `keep` says; returns the deleted paths.
 */
export async function pruneBackups(dir: string, keep: number, now = new Date()): Promise<string[]> {
  const backups = await listBackups(dir);
  const oldest = now.getTime() - retention.backupsDays * 86_400_000;
  const old = backups.filter(
    (backup, index) => index < backups.length - keep || backup.takenAt.getTime() < oldest,
  );
  for (const backup of old) await rm(backup.path, { force: true });
  return old.map((backup) => backup.path);
}

/**
 * Where a restore moves the database it replaces (DATA_DIR/pglite.before-restore-<stamp>,
 * the time of the restore): a way back while the restored data is checked.
 */
export const setAsideName = (date: Date) => `pglite.before-restore-${backupStamp(date)}`;
const SET_ASIDE = /^pglite\.before-restore-(\d{8}T\d{6}Z)$/;

/**
 * Deletes the databases a restore set aside in `dataDir` once they are older than the
 * backups' window: they hold what was erased afterwards as much as a backup does, so the
 * privacy policy's promise covers them too. Returns the deleted paths.
 */
export async function pruneSetAside(dataDir: string, now = new Date()): Promise<string[]> {
  const oldest = now.getTime() - retention.backupsDays * 86_400_000;
  const old = (await namesIn(dataDir))
    .filter((name) => (timeOfStamp(SET_ASIDE.exec(name)?.[1])?.getTime() ?? oldest) < oldest)
    .map((name) => join(dataDir, name));
  for (const path of old) await rm(path, { recursive: true, force: true });
  return old;
}

/**
 * Writes `data` (a PGlite dumpDataDir tarball) as a new backup in `dir`, then keeps the
 * newest `keep`. The file appears under its final name only once it is complete and on
 * disk. Callers write one backup at a time per directory.
 */
export async function writeBackup(
  dir: string,
  data: Blob,
  options: { keep: number; now?: Date },
): Promise<WrittenBackup> {
  const now = options.now ?? new Date();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const taken = new Set((await listBackups(dir)).map((backup) => backup.name));
  let sequence = 1;
  while (taken.has(backupName(now, sequence))) sequence++;
  const file = join(dir, backupName(now, sequence));
  const partial = join(dir, `.${backupName(now, sequence)}.partial`);

  const bytes = new Uint8Array(await data.arrayBuffer());
  const handle = await open(partial, 'w', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
    await handle.close();
    await rename(partial, file);
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
  await syncDirectory(dir);
  const pruned = await pruneBackups(dir, options.keep, now);
  return { file, bytes: bytes.byteLength, pruned };
}

/** Makes the rename durable (a no-op where directories cannot be opened, e.g. Windows). */
async function syncDirectory(dir: string) {
  try {
    const handle = await open(dir, 'r');
    await handle.sync().finally(() => handle.close());
  } catch {
    // best effort
  }
}
