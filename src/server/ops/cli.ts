import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { keepNewFilesPrivate } from '#server/db/private-data-dir.ts';
import { rebuildRollups } from '#server/domain/runs/rollups.ts';
import { retention } from '#shared/retention.ts';
import { backupEmbedded, restoreBackup } from './backup.ts';
import { lockForOperation, OpsError } from './data-dir.ts';
import { describeUrl, exportToPostgres } from './export-to-postgres.ts';

// npm run db:backup | db:restore FILE | db:export-to-postgres (docs/decisions/011-backups.md)
// | db:rebuild-rollups (docs/decisions/018).
// Reads the same environment as the server (DATA_DIR, BACKUP_DIR, BACKUP_KEEP,
// DATABASE_URL); prints what it did, or what to do, and exits 0 on success.

const USAGE = `Usage:
  npm run db:backup [-- --dir DIR --keep N]   back up the embedded database (server running or not)
  npm run db:restore FILE                     restore a backup into DATA_DIR (server stopped)
  DATABASE_URL=postgres://... npm run db:export-to-postgres
                                              copy the embedded database to an empty PostgreSQL database
  npm run db:rebuild-rollups                  recompute the analytics rollups from the runs table`;

const PG_DUMP_HINT = `With PostgreSQL, back up with pg_dump and restore with pg_restore:
  pg_dump --format=custom --file=app-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL"
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" app-YYYYMMDDTHHMMSSZ.dump`;

const say = (line = '') => process.stdout.write(`${line}\n`);

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function embeddedOnly(config: Config, what: string) {
  if (!config.databaseUrl) return;
  throw new OpsError(
    `DATABASE_URL is set, so this installation uses PostgreSQL: ${what} is for the embedded database in DATA_DIR (unset DATABASE_URL to use it).\n${PG_DUMP_HINT}`,
  );
}

async function backup(config: Config, args: string[]) {
  const { values } = parseArgs({
    args,
    options: { dir: { type: 'string' }, keep: { type: 'string' } },
  });
  embeddedOnly(config, 'npm run db:backup');
  const keep = values.keep === undefined ? config.backup.keep : Number(values.keep);
  if (!Number.isInteger(keep) || keep < 1)
    throw new OpsError('--keep must be a whole number, 1 or more.');
  const dir = values.dir ?? config.backup.dir;
  const result = await backupEmbedded({ dataDir: config.dataDir, dir, keep });
  say(
    `Backup written${result.takenBy === 'server' ? ' by the running server' : ''}: ${result.file} (${size(result.bytes)}).`,
  );
  say(
    `Keeping the last ${keep} backups in ${dir}` +
      (result.pruned.length > 0 ? `; deleted ${result.pruned.length} older.` : '.'),
  );
  say(`Restore it with the server stopped: npm run db:restore ${result.file}`);
}

async function restore(config: Config, args: string[]) {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new OpsError(`Name one backup file.\n${USAGE}`);
  embeddedOnly(config, 'npm run db:restore');
  const result = await restoreBackup({ dataDir: config.dataDir, file });
  const { inBackup, inApp } = result.migrations;
  say(`Restored ${file} into ${result.restoredTo} (${result.users} accounts).`);
  if (result.keptAside)
    say(
      `The database that was there is kept in ${result.keptAside}; it is deleted with the backups after ${retention.backupsDays} days.`,
    );
  if (inBackup < inApp)
    say(
      `The backup predates ${inApp - inBackup} migration(s) of this version; they are applied at the next start.`,
    );
  if (inBackup > inApp)
    say(
      `Warning: the backup was taken by a newer version of the app (${inBackup} migrations, this one has ${inApp}). Run that version on it.`,
    );
  say('Start the server: npm start');
}

async function exportCommand(config: Config) {
  if (!config.databaseUrl) {
    throw new OpsError(
      'Set DATABASE_URL to the empty PostgreSQL database to move to, e.g.\n' +
        '  DATABASE_URL=postgres://user:password@127.0.0.1:5432/app npm run db:export-to-postgres',
    );
  }
  const where = describeUrl(config.databaseUrl);
  say(`Copying the embedded database in ${config.dataDir} to PostgreSQL at ${where}...`);
  const progress = process.stdout.isTTY
    ? (table: string, rows: number) => process.stdout.write(`\r  ${table}: ${rows} rows`)
    : undefined;
  const counts = await exportToPostgres({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onProgress: progress,
  });
  if (progress) process.stdout.write('\r\x1b[K');
  const width = Math.max(5, ...counts.map((c) => c.table.length));
  say(`  ${'table'.padEnd(width)}  rows (embedded = PostgreSQL)`);
  for (const { table, rows } of counts) say(`  ${table.padEnd(width)}  ${rows}`);
  const total = counts.reduce((sum, c) => sum + c.rows, 0);
  say(`Done: ${total} rows in ${counts.length} tables, every count checked.`);
  say(
    `Next: start the app with this DATABASE_URL. The embedded database in ${config.dataDir} is left as it was; keep it until you have checked everything.`,
  );
  if (!config.jwtSecret && existsSync(join(config.dataDir, 'jwt-secret'))) {
    say(
      `To keep everyone signed in, give every instance the key the embedded install generated: JWT_SECRET="$(cat ${join(config.dataDir, 'jwt-secret')})".`,
    );
  }
}

/**
 * Recomputes the run rollups from the runs (docs/decisions/018). On PostgreSQL the server
 * may keep running (writers wait for the rebuild's lock); the embedded database needs it
 * stopped, as for a restore.
 */
async function rebuildRollupsCommand(config: Config) {
  const release = config.databaseUrl
    ? () => {}
    : lockForOperation(config.dataDir, 'npm run db:rebuild-rollups');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  try {
    await database.migrate();
    const { from, rows } = await rebuildRollups(database.db);
    say(`Rollups from ${from} on rebuilt from the runs table: ${rows} rows.`);
    say('Older days keep their rollups: retention has deleted some of their runs.');
  } finally {
    await database.close();
    release();
  }
}

export async function run(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  keepNewFilesPrivate(); // a backup or a restore writes into DATA_DIR, as the server does
  try {
    const config = loadConfig();
    if (command === 'backup') await backup(config, args);
    else if (command === 'restore') await restore(config, args);
    else if (command === 'export-to-postgres' && args.length === 0) await exportCommand(config);
    else if (command === 'rebuild-rollups' && args.length === 0)
      await rebuildRollupsCommand(config);
    else {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    return 0;
  } catch (error) {
    if (error instanceof OpsError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else if (
      error instanceof TypeError &&
      'code' in error &&
      /^ERR_PARSE_ARGS/.test(String(error.code))
    ) {
      process.stderr.write(`${error.message}\n${USAGE}\n`);
      return 2;
    } else {
      process.stderr.write(`${command ?? 'command'} failed: ${(error as Error).stack ?? error}\n`);
    }
    return 1;
  }
}

// Exits explicitly: a PGlite that failed to start can keep the event loop alive.
process.exit(await run(process.argv.slice(2)));
