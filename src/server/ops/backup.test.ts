import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createPglite, type Database, openDatabase } from '#server/db/client.ts';
import { auditLogs, processes, users } from '#server/db/schema.ts';
import { startBackupJob } from '#server/jobs/backup.ts';
import { retention } from '#shared/retention.ts';
import { fillSampleData, snapshotTables } from '#test/support/sample-data.ts';
import { backupEmbedded, restoreBackup } from './backup.ts';
import { listBackups, setAsideName } from './backup-files.ts';
import { controlSocketPath } from './control-socket.ts';
import { OpsError } from './data-dir.ts';

// npm run db:backup and db:restore, called as functions on a data directory in /tmp:
// backup, change, restore gives back the data as it was; a damaged or foreign file and a
// running server are refused without changing anything; with the database open (the
// server), the backup is taken by its control socket and holds whole transactions only.

const root = mkdtempSync(join(tmpdir(), 'backup-'));
const dataDir = join(root, 'data');
const backupDir = join(root, 'backups');
mkdirSync(dataDir);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const snapshotOf = (client: PGlite) =>
  snapshotTables(async <T>(text: string) => (await client.query<T>(text)).rows);

async function withDatabase<T>(dir: string, fn: (database: Database) => Promise<T>) {
  const database = await openDatabase({ dataDir: dir });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

async function loadBackup(file: string) {
  return createPglite({
    loadDataDir: new Blob([readFileSync(file)], { type: 'application/gzip' }),
  });
}

// One migrated database with sample data for the whole file (initdb takes seconds).
const atBackup = await withDatabase(dataDir, async (database) => {
  await database.migrate();
  await fillSampleData(database.db);
  return snapshotOf(database.pglite!);
});

// Each test opens, copies and restores whole embedded databases: seconds on an idle
// machine, many more while CI runs three test projects at once on two cores.
const heavy = { timeout: 60_000 };

describe('backup and restore of a stopped data directory', heavy, () => {
  let file = '';

  it('restores the data as it was at backup time, keeping the replaced database aside', async () => {
    const backup = await backupEmbedded({ dataDir, dir: backupDir, keep: 5 });
    expect(backup.takenBy).toBe('this process');
    file = backup.file;
    expect(file).toMatch(/pglite-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false); // the lock was released

    const afterChange = await withDatabase(dataDir, async ({ db, pglite }) => {
      await db.update(users).set({ name: 'Renamed' }).where(eq(users.email, 'olive@example.test'));
      await db.delete(processes); // and its runs and schedules, by cascade
      await db.insert(auditLogs).values({ level: 'info', source: 'test', message: 'After' });
      return snapshotOf(pglite!);
    });
    expect(afterChange).not.toEqual(atBackup);

    const restored = await restoreBackup({ dataDir, file });
    expect(restored).toMatchObject({ restoredTo: join(dataDir, 'pglite'), users: 2 });
    expect(restored.migrations.inBackup).toBe(restored.migrations.inApp);
    expect(restored.keptAside).toMatch(/pglite\.before-restore-\d{8}T\d{6}Z$/);
    expect(await withDatabase(dataDir, async ({ pglite }) => snapshotOf(pglite!))).toEqual(
      atBackup,
    );
    // The database that was replaced is intact where the restore put it.
    const aside = await createPglite({ dataDir: restored.keptAside! });
    expect(await snapshotOf(aside)).toEqual(afterChange);
    await aside.close();
    rmSync(restored.keptAside!, { recursive: true });
  });

  it('refuses a damaged file, or a database that is not this app, and changes nothing', async () => {
    const before = readdirSync(dataDir).sort();
    const damaged = join(root, 'damaged.tar.gz');
    writeFileSync(damaged, readFileSync(file).subarray(0, 100_000));
    await expect(restoreBackup({ dataDir, file: damaged })).rejects.toThrow(
      /damaged.*Nothing was changed/,
    );

    const stranger = await createPglite();
    const foreign = join(root, 'foreign.tar.gz');
    writeFileSync(foreign, Buffer.from(await (await stranger.dumpDataDir('gzip')).arrayBuffer()));
    await stranger.close();
    await expect(restoreBackup({ dataDir, file: foreign })).rejects.toThrow(
      /not this app's\). Nothing was changed/,
    );
    await expect(restoreBackup({ dataDir, file: join(root, 'missing.tar.gz') })).rejects.toThrow(
      /There is no file/,
    );

    expect(readdirSync(dataDir).sort()).toEqual(before);
    expect(await withDatabase(dataDir, async ({ pglite }) => snapshotOf(pglite!))).toEqual(
      atBackup,
    );
  });

  it('refuses while a server holds the data directory', async () => {
    // A live process other than this one holds the lock: the parent of the test runner.
    writeFileSync(join(dataDir, 'server.lock'), String(process.ppid));
    try {
      await expect(restoreBackup({ dataDir, file })).rejects.toThrow(
        new RegExp(`in use by a running server \\(pid ${process.ppid}\\)\\. Stop it first`),
      );
      // No control socket answers for that "server": say so rather than open the database.
      await expect(backupEmbedded({ dataDir, dir: backupDir, keep: 5 })).rejects.toThrow(
        /did not answer on its control socket/,
      );
    } finally {
      rmSync(join(dataDir, 'server.lock'));
    }
  });

  it('says so when there is no embedded database to back up', async () => {
    const empty = join(root, 'empty');
    await expect(backupEmbedded({ dataDir: empty, dir: backupDir, keep: 5 })).rejects.toThrow(
      OpsError,
    );
    await expect(backupEmbedded({ dataDir: empty, dir: backupDir, keep: 5 })).rejects.toThrow(
      /There is no embedded database/,
    );
  });
});

describe('backup of a running server', heavy, () => {
  it('is taken by the server over its control socket, whole transactions only', async () => {
    const database = await openDatabase({ dataDir });
    const job = await startBackupJob({
      database,
      config: { dataDir, backup: { schedule: null, dir: backupDir, keep: 2 } },
    });
    try {
      const socket = controlSocketPath(dataDir);
      expect(statSync(socket).mode & 0o777).toBe(0o600);
      expect(statSync(join(dataDir, 'run')).mode & 0o777).toBe(0o700);

      // Accounts keep being registered, each with its audit entry in one transaction.
      let writing = true;
      let written = 0;
      const writer = (async () => {
        while (writing) {
          await database.db.transaction(async (tx) => {
            const n = written + 1;
            const [user] = await tx
              .insert(users)
              .values({ name: `Load ${n}`, email: `load${n}@example.test`, passwordHash: 'x' })
              .returning();
            await tx
              .insert(auditLogs)
              .values({ level: 'info', source: 'load', message: 'registered', userId: user!.id });
          });
          written++;
          // PGlite answers without waiting on I/O: yield, as requests arriving over the
          // network would, or this loop starves the event loop and the socket never connects.
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      await vi.waitFor(() => expect(written).toBeGreaterThanOrEqual(20), {
        timeout: 20_000,
        interval: 5,
      });
      const backup = await backupEmbedded({ dataDir, dir: backupDir, keep: 2 });
      const atEnd = written;
      writing = false;
      await writer;

      expect(backup.takenBy).toBe('server');
      const copy = await loadBackup(backup.file);
      const count = async (text: string) =>
        (await copy.query<{ n: number }>(text)).rows[0]!.n ?? -1;
      const accounts = await count("select count(*)::int as n from users where email like 'load%'");
      const entries = await count(
        "select count(*)::int as n from audit_logs where source = 'load'",
      );
      await copy.close();
      expect(accounts).toBeGreaterThanOrEqual(20);
      expect(accounts).toBeLessThanOrEqual(atEnd);
      expect(entries).toBe(accounts);

      // The server keeps the last BACKUP_KEEP (here the CLI's 2) in the directory.
      await backupEmbedded({ dataDir, dir: backupDir, keep: 2 });
      expect(await listBackups(backupDir)).toHaveLength(2);
    } finally {
      await job.stop();
      await database.close();
    }
    expect(existsSync(controlSocketPath(dataDir))).toBe(false);
    // Stopped: the next backup is taken here again.
    await expect(backupEmbedded({ dataDir, dir: backupDir, keep: 2 })).resolves.toMatchObject({
      takenBy: 'this process',
    });
  });

  it("deletes the databases a restore set aside once past the backups' window", async () => {
    const setAside = (daysAgo: number) => {
      const path = join(dataDir, setAsideName(new Date(Date.now() - daysAgo * 86_400_000)));
      mkdirSync(path);
      writeFileSync(join(path, 'PG_VERSION'), '17');
      return path;
    };
    const expired = () => setAside(retention.backupsDays + 2);
    const recent = setAside(1);

    // Taken without a server, by `npm run db:backup`.
    const first = expired();
    await backupEmbedded({ dataDir, dir: backupDir, keep: 5 });
    expect(existsSync(first)).toBe(false);

    // The server deletes them as it starts, and with each backup it takes.
    const second = expired();
    const database = await openDatabase({ dataDir });
    const job = await startBackupJob({
      database,
      config: { dataDir, backup: { schedule: null, dir: backupDir, keep: 5 } },
    });
    try {
      expect(existsSync(second)).toBe(false);
      const third = expired();
      await job.take();
      expect(existsSync(third)).toBe(false);
    } finally {
      await job.stop();
      await database.close();
    }
    expect(existsSync(recent)).toBe(true);
    rmSync(recent, { recursive: true });
  });

  it('takes a missed scheduled backup shortly after start', async () => {
    const dir = join(root, 'scheduled');
    const database = await openDatabase({ dataDir });
    const job = await startBackupJob({
      database,
      config: { dataDir, backup: { schedule: '0 3 * * *', dir, keep: 14 } },
      catchUpDelayMs: 10,
    });
    try {
      await expect.poll(async () => (await listBackups(dir)).length, { timeout: 10_000 }).toBe(1);
      await database.db.execute(sql`select 1`); // the database still answers
    } finally {
      await job.stop();
      await database.close();
    }
  });
});
