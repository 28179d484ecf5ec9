import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { attemptsWithin, backoffMs } from './backoff.ts';

describe('the retry back-off', () => {
  it('waits 30 s after a first failure, then twice as long each time, at most an hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(3_600_000);
    expect(attemptsWithin(86_400_000)).toBe(31);
  });

  it('starts from RETRY_FIRST_DELAY_SECONDS when it is set', () => {
    const { firstRetryMs } = loadConfig({
      DATA_DIR: '.tmp/unused',
      RETRY_FIRST_DELAY_SECONDS: '1',
    });
    expect(firstRetryMs).toBe(1_000);
    expect([1, 2, 3].map((n) => backoffMs(n, firstRetryMs))).toEqual([1_000, 2_000, 4_000]);
    expect(loadConfig({ DATA_DIR: '.tmp/unused' }).firstRetryMs).toBe(30_000);
    expect(() => loadConfig({ DATA_DIR: '.tmp/unused', RETRY_FIRST_DELAY_SECONDS: '0' })).toThrow(
      /RETRY_FIRST_DELAY_SECONDS/,
    );
  });
});
