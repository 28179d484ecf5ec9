import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupMissed } from './backup.ts';

// A server that was stopped at the scheduled time takes the missed backup after it starts.

describe('backupMissed', () => {
  const daily = '0 3 * * *';
  const now = new Date('2026-11-23T10:00:00Z'); // the last 03:00 was today's

  it('is true when there is no backup yet', async () => {
    expect(await backupMissed(daily, join(tmpdir(), 'no-backups-at-all'), now)).toBe(true);
  });

  it('compares the newest backup with the last time the schedule fired', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'missed-'));
    writeFileSync(join(dir, 'pglite-20261122T030000Z.tar.gz'), '');
    expect(await backupMissed(daily, dir, now)).toBe(true);
    writeFileSync(join(dir, 'pglite-20261123T030000Z.tar.gz'), '');
    expect(await backupMissed(daily, dir, now)).toBe(false);
    // Weekly on Sundays: a backup from Monday is recent enough on Wednesday.
    expect(await backupMissed('0 3 * * 0', dir, new Date('2026-11-25T12:00:00Z'))).toBe(false);
  });
});
