import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { retention } from '#shared/retention.ts';
import {
  backupName,
  listBackups,
  pruneSetAside,
  setAsideName,
  takenAtOf,
  writeBackup,
} from './backup-files.ts';

const at = (iso: string) => new Date(iso);
const blob = (text: string) => new Blob([text]);

describe('backup files', () => {
  it('are named by the UTC time they were taken, to the second', () => {
    expect(backupName(at('2026-11-23T03:00:07.999Z'))).toBe('pglite-20261123T030007Z.tar.gz');
    expect(backupName(at('2026-11-23T03:00:07Z'), 2)).toBe('pglite-20261123T030007Z-2.tar.gz');
    expect(takenAtOf('pglite-20261123T030007Z-2.tar.gz')).toEqual(at('2026-11-23T03:00:07Z'));
    expect(takenAtOf('pglite-20261323T030007Z.tar.gz')).toBeNull();
    expect(takenAtOf('notes.txt')).toBeNull();
  });

  it('are written complete, readable by the owner only, in a private directory', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'backup-files-')), 'backups');
    const written = await writeBackup(dir, blob('tarball'), {
      keep: 3,
      now: at('2026-11-23T03:00:00Z'),
    });
    expect(written).toEqual({
      file: join(dir, 'pglite-20261123T030000Z.tar.gz'),
      bytes: 7,
      pruned: [],
    });
    expect(readFileSync(written.file, 'utf8')).toBe('tarball');
    expect(statSync(written.file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir)).toEqual(['pglite-20261123T030000Z.tar.gz']); // no temporary file left
  });

  it('never overwrite one another, and keep the newest N', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'backup-files-'));
    writeFileSync(join(dir, 'README.txt'), 'not a backup');
    const times = [
      '2026-11-20T03:00:00Z',
      '2026-11-21T03:00:00Z',
      '2026-11-22T03:00:00Z',
      '2026-11-22T03:00:00Z', // twice in one second: a second file, not an overwrite
    ];
    const written = [];
    for (const [i, time] of times.entries())
      written.push(await writeBackup(dir, blob(`backup ${i}`), { keep: 3, now: at(time) }));

    expect(written[3]!.file).toBe(join(dir, 'pglite-20261122T030000Z-2.tar.gz'));
    expect(written[3]!.pruned).toEqual([join(dir, 'pglite-20261120T030000Z.tar.gz')]);
    expect((await listBackups(dir)).map((b) => b.name)).toEqual([
      'pglite-20261121T030000Z.tar.gz',
      'pglite-20261122T030000Z.tar.gz',
      'pglite-20261122T030000Z-2.tar.gz',
    ]);
    expect(readFileSync(written[3]!.file, 'utf8')).toBe('backup 3');
    expect(readdirSync(dir)).toContain('README.txt'); // other files are left alone

    await writeBackup(dir, blob('last'), { keep: 1, now: at('2026-11-23T03:00:00Z') });
    expect((await listBackups(dir)).map((b) => b.name)).toEqual(['pglite-20261123T030000Z.tar.gz']);
  });

  it("deletes backups older than the privacy policy's window, whatever BACKUP_KEEP says", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'backup-window-'));
    const day = (n: number) => new Date(Date.UTC(2026, 9, 1) + n * 86_400_000);
    for (let n = 0; n <= retention.backupsDays + 5; n += 5)
      await writeBackup(dir, blob(`day ${n}`), { keep: 1000, now: day(n) });
    const kept = await listBackups(dir);
    const newest = kept.at(-1)!.takenAt.getTime();
    const oldest = kept[0]!.takenAt.getTime();
    expect(newest - oldest).toBeLessThanOrEqual(retention.backupsDays * 86_400_000);
    expect(kept.length).toBeGreaterThan(1);
  });

  it("deletes the databases a restore set aside once they are older than the backups' window", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'set-aside-'));
    const now = at('2026-11-23T03:00:00Z');
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const old = join(dataDir, setAsideName(daysAgo(retention.backupsDays + 1)));
    const recent = join(dataDir, setAsideName(daysAgo(retention.backupsDays - 1)));
    for (const dir of [old, recent, join(dataDir, 'pglite'), join(dataDir, 'backups')]) {
      mkdirSync(dir);
      writeFileSync(join(dir, 'PG_VERSION'), '17');
    }
    expect(old).toBe(join(dataDir, 'pglite.before-restore-20261018T030000Z'));

    expect(await pruneSetAside(dataDir, now)).toEqual([old]);
    expect(readdirSync(dataDir).sort()).toEqual(['backups', 'pglite', recent.split('/').pop()]);
    expect(await pruneSetAside(join(dataDir, 'no-such-dir'), now)).toEqual([]);
  });

  it('lists nothing for a directory that does not exist yet', async () => {
    expect(await listBackups(join(tmpdir(), 'no-such-backup-dir-here'))).toEqual([]);
  });
});
