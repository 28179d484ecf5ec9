import { describe, expect, it } from 'vitest';
import { chartSummary, failureRate, fillDays } from './analytics-data.ts';

describe('fillDays', () => {
  it('gives every UTC day from since to today, zeros where there were no runs', () => {
    const days = fillDays(
      [{ date: '2026-03-03', runs: 4, failures: 1 }],
      '2026-03-01T15:30:00.000Z',
      new Date('2026-03-04T02:00:00Z'),
    );
    expect(days).toEqual([
      { date: '2026-03-01', runs: 0, failures: 0 },
      { date: '2026-03-02', runs: 0, failures: 0 },
      { date: '2026-03-03', runs: 4, failures: 1 },
      { date: '2026-03-04', runs: 0, failures: 0 },
    ]);
  });
});

describe('failureRate', () => {
  it('is a percentage with at most one decimal, a dash without runs', () => {
    expect(failureRate(4, 1)).toBe('25%');
    expect(failureRate(3, 1)).toBe('33.3%');
    expect(failureRate(0, 0)).toBe('—');
  });
});

describe('chartSummary', () => {
  it('says the totals and the busiest day', () => {
    const days = [
      { date: '2026-03-03', runs: 3, failures: 1 },
      { date: '2026-03-04', runs: 1, failures: 0 },
    ];
    expect(chartSummary(days, 7)).toBe(
      '4 runs in the last 7 days, 1 failed (25%). Busiest day Mar 3 with 3 runs.',
    );
    expect(chartSummary([], 30)).toBe('No runs in the last 30 days.');
  });
});
