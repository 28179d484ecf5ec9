import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

describe('lockDataDir', () => {
  it('refuses a second opener while the first holds the lock', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    // A live process other than this one holds it: the parent of the test runner.
    writeFileSync(join(dir, 'server.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another server/);
  });

  it('takes over a lock left behind by a process that has gone, and releases it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    writeFileSync(join(dir, 'server.lock'), '999999999');
    const release = lockDataDir(dir);
    release();
    lockDataDir(dir)();
  });
});
