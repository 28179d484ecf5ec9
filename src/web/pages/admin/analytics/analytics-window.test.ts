import { describe, expect, it } from 'vitest';
import {
  failureRate,
  fillPeriods,
  isPeriod,
  periodLabel,
  periodStart,
  windowLabel,
} from './analytics-window.ts';

describe('analytics window words', () => {
  it('reads a period key as a day, a week or a month', () => {
    expect(periodLabel('2025-03-04', 'day')).toBe('Mar 4');
    expect(periodLabel('2025-03-03', 'week')).toBe('Week of Mar 3');
    expect(periodLabel('2025-03-01', 'month')).toBe('Mar 2025');
    expect(periodLabel('not a date', 'day')).toBe('not a date');
  });

  it('gives the failure rate of some runs', () => {
    expect(failureRate(4, 1)).toBe('25%');
    expect(failureRate(3, 0)).toBe('0%');
    expect(failureRate(1000, 3)).toBe('0.3%');
    expect(failureRate(0, 0)).toBe('–');
  });

  it('knows its periods and window names', () => {
    expect(isPeriod('week')).toBe(true);
    expect(isPeriod('year')).toBe(false);
    expect(windowLabel(90)).toBe('Last 90 days');
    expect(windowLabel(14)).toBe('Last 14 days');
  });
});

describe('periods of a window', () => {
  const now = new Date('2025-03-05T15:00:00Z'); // a Wednesday

  it('starts a period where PostgreSQL date_trunc does', () => {
    expect(periodStart(now, 'day').toISOString()).toBe('2025-03-05T00:00:00.000Z');
    expect(periodStart(now, 'week').toISOString()).toBe('2025-03-03T00:00:00.000Z');
    expect(periodStart(new Date('2025-03-09T23:00:00Z'), 'week').toISOString()).toBe(
      '2025-03-03T00:00:00.000Z',
    );
    expect(periodStart(now, 'month').toISOString()).toBe('2025-03-01T00:00:00.000Z');
  });

  it('fills the quiet periods of the window with zeros', () => {
    const filled = fillPeriods(
      [{ _id: '2025-03-03', runs: 4, fails: 1 }],
      { days: 3, period: 'day' },
      now,
    );
    expect(filled).toEqual([
      { _id: '2025-03-02', runs: 0, fails: 0 },
      { _id: '2025-03-03', runs: 4, fails: 1 },
      { _id: '2025-03-04', runs: 0, fails: 0 },
      { _id: '2025-03-05', runs: 0, fails: 0 },
    ]);
    expect(fillPeriods([], { days: 30, period: 'week' }, now).map((r) => r._id)).toEqual([
      '2025-02-03',
      '2025-02-10',
      '2025-02-17',
      '2025-02-24',
      '2025-03-03',
    ]);
    expect(fillPeriods([], { days: 90, period: 'month' }, now).map((r) => r._id)).toEqual([
      '2024-12-01',
      '2025-01-01',
      '2025-02-01',
      '2025-03-01',
    ]);
  });

  it('keeps a row the server counted outside the window', () => {
    const filled = fillPeriods(
      [{ _id: '2025-03-06', runs: 1, fails: 0 }],
      { days: 1, period: 'day' },
      now,
    );
    expect(filled.map((r) => r._id)).toEqual(['2025-03-04', '2025-03-05', '2025-03-06']);
  });
});
