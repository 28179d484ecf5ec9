import { describe, expect, it } from 'vitest';
import type { BackgroundJob } from '#shared/background-jobs.ts';
import { failuresInARow, jobStatus, jobsSummary, whenText } from './jobs.ts';

const job = (overrides: Partial<BackgroundJob> = {}): BackgroundJob => ({
  name: 'retention',
  title: 'Retention cleanup',
  cadence: 'every day',
  singleton: true,
  running: false,
  runs: 0,
  failures: 0,
  consecutiveFailures: 0,
  lastSuccessAt: null,
  lastFailureAt: null,
  lastError: null,
  lastDurationMs: null,
  lastSkippedAt: null,
  nextRunAt: null,
  ...overrides,
});

describe('background jobs on the Environment screen', () => {
  it('names each state in words, failing first even while it runs again', () => {
    const at = '2031-03-04T10:00:00.000Z';
    expect(jobStatus(job())).toEqual({ label: 'Not run yet', tone: 'slate' });
    expect(jobStatus(job({ lastSkippedAt: at }))).toEqual({
      label: 'On another instance',
      tone: 'slate',
    });
    expect(jobStatus(job({ lastSuccessAt: at }))).toEqual({ label: 'Working', tone: 'green' });
    expect(jobStatus(job({ lastSuccessAt: at, running: true })).label).toBe('Running');
    expect(jobStatus(job({ running: true, consecutiveFailures: 2 }))).toEqual({
      label: 'Failing',
      tone: 'red',
    });
    // A failure followed by a success is history: working again, the error still shown.
    expect(
      jobStatus(job({ lastSuccessAt: at, lastFailureAt: at, lastError: 'no', failures: 1 })).label,
    ).toBe('Working');
  });

  it('sums up how many fail', () => {
    const failing = job({ consecutiveFailures: 1 });
    expect(jobsSummary([job(), job(), job()])).toBe('3 jobs, none failing');
    expect(jobsSummary([job(), failing, job()])).toBe('3 jobs, 1 failing');
    expect(jobsSummary([failing])).toBe('1 job, 1 failing');
  });

  it('says how many failures in a row', () => {
    expect(failuresInARow(job())).toBe('');
    expect(failuresInARow(job({ consecutiveFailures: 1 }))).toBe('failed its last run');
    expect(failuresInARow(job({ consecutiveFailures: 4 }))).toBe('4 failures in a row');
  });

  it('gives times to the second today and with the date otherwise, naming the zone', () => {
    const now = new Date(2031, 2, 4, 15, 0, 0);
    expect(whenText(new Date(2031, 2, 4, 6, 10, 3).toISOString(), now)).toMatch(/^6:10:03 AM \S+$/);
    expect(whenText(new Date(2031, 2, 3, 3, 0, 0).toISOString(), now)).toMatch(
      /^Mar 3, 2031, 3:00 AM \S+$/,
    );
    expect(whenText(null, now)).toBe('');
  });
});
