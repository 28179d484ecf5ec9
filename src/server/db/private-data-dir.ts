import { chmodSync, existsSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// DATA_DIR is the owner's alone (docs/decisions/011-backups.md): the embedded database,
// its write-ahead log and the generated JWT secret are as sensitive as the backups, which
// are 0600 in a 0700 folder. The server starts with a umask that keeps everything it
// creates private, and tightens a folder an earlier version left open to other users.

/** Group and other permission bits. */
const OPEN_TO_OTHERS = 0o077;

/** Files and folders this process creates from now on are readable by the owner only. */
export function keepNewFilesPrivate() {
  process.umask(OPEN_TO_OTHERS);
}

/**
 * Removes the group and other bits of DATA_DIR and of everything under it that has any;
 * returns how many were changed (0 when the folder is new or already private). Symbolic
 * links are left alone, with what they point at.
 */
export function tightenDataDir(dataDir: string): number {
  if (!existsSync(dataDir)) return 0;
  let changed = 0;
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & OPEN_TO_OTHERS) {
      chmodSync(path, stat.mode & 0o7700);
      changed++;
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dataDir);
  return changed;
}

/** The start's log line when tightenDataDir changed something. */
export const tightenedMessage = (dataDir: string, count: number) =>
  `DATA_DIR (${dataDir}) was open to other users: ${count} ${count === 1 ? 'file or folder is' : 'files and folders are'} now readable by the owner only`;
