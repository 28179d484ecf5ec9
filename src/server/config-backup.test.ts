import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig: backups', () => {
  it('backs up daily at 03:00 UTC into DATA_DIR/backups, keeping 14, by default', () => {
    expect(loadConfig({}).backup).toEqual({
      schedule: '0 3 * * *',
      dir: join('./data', 'backups'),
      keep: 14,
    });
    expect(loadConfig({ DATA_DIR: '/srv/app' }).backup.dir).toBe('/srv/app/backups');
    expect(loadConfig({ BACKUP_SCHEDULE: ' ', BACKUP_DIR: '' }).backup).toMatchObject({
      schedule: '0 3 * * *',
      dir: join('./data', 'backups'),
    });
  });

  it('reads BACKUP_SCHEDULE, BACKUP_DIR and BACKUP_KEEP', () => {
    const config = loadConfig({
      BACKUP_SCHEDULE: '30 1 * * 0',
      BACKUP_DIR: '/mnt/backups',
      BACKUP_KEEP: '30',
    });
    expect(config.backup).toEqual({ schedule: '30 1 * * 0', dir: '/mnt/backups', keep: 30 });
    expect(loadConfig({ BACKUP_SCHEDULE: 'off' }).backup.schedule).toBeNull();
    expect(loadConfig({ BACKUP_SCHEDULE: 'OFF' }).backup.schedule).toBeNull();
  });

  it('stops on a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ BACKUP_SCHEDULE: 'daily' })).toThrow(ConfigError);
    expect(() => loadConfig({ BACKUP_SCHEDULE: '0 25 * * *' })).toThrow(
      /BACKUP_SCHEDULE: must be a five-field cron expression in UTC/,
    );
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ BACKUP_KEEP: 'all' })).toThrow(/BACKUP_KEEP/);
  });
});
