import { describe, expect, it } from 'vitest';
import { describeCron } from './cron-text.ts';

describe('a schedule in words', () => {
  it('says the presets as people do', () => {
    expect(describeCron('0 * * * *')).toBe('Every hour');
    expect(describeCron('0 9 * * 1-5')).toBe('Every weekday at 9:00 AM');
    expect(describeCron('30 18 * * *')).toBe('Every day at 6:30 PM');
  });

  it('reads other crons with cronstrue, and says nothing of one it cannot read', () => {
    expect(describeCron('0 9 * 1 *')).toBe('At 09:00 AM, only in January');
    expect(describeCron('0 9 * * 2-4')).toBe('At 09:00 AM, Tuesday through Thursday');
    expect(describeCron('not a cron')).toBeNull();
  });
});
