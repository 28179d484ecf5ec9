import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
    const lockFile = join(dir, 'server.lock');
    writeFileSync(lockFile, '999999999');
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
    // Released, the directory is free: a server in another process may take it.
    const again = lockDataDir(dir);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    again();
    expect(existsSync(lockFile)).toBe(false);
  });
});
