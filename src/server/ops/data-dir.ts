import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DataDirLockedError, lockDataDir } from '#server/db/data-dir-lock.ts';

// What the command-line operations (backup, restore, export) share about DATA_DIR: the
// embedded database lives in DATA_DIR/pglite, and only one process may have it open.

/** A failure the operator can act on: the command prints its message, not a stack. */
export class OpsError extends Error {}

export const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');

/** True when DATA_DIR holds an embedded database (PGlite would otherwise create one). */
export const hasEmbeddedDatabase = (dataDir: string) =>
  existsSync(join(pgliteDir(dataDir), 'PG_VERSION'));

export function requireEmbeddedDatabase(dataDir: string) {
  if (!hasEmbeddedDatabase(dataDir)) {
    throw new OpsError(
      `There is no embedded database in ${pgliteDir(dataDir)}. Check DATA_DIR (now ${dataDir}).`,
    );
  }
}

/**
 * Takes the DATA_DIR lock the server takes (db/data-dir-lock.ts), so neither a server nor
 * another command opens the database meanwhile. `why` finishes the sentence when a server
 * holds it.
 */
export function lockForOperation(dataDir: string, why: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const pid = /\(pid (\d+)\)/.exec(error.message)?.[1];
    throw new OpsError(
      `The data directory ${dataDir} is in use by a running server${pid ? ` (pid ${pid})` : ''}. ${why}`,
    );
  }
}
