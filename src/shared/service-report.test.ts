import { describe, expect, it } from 'vitest';
import {
  addMonths,
  figuresOf,
  formatShare,
  formatSpan,
  futureMonthProblem,
  longestOutage,
  MonthKeySchema,
  monthBounds,
  monthLabel,
  overlapMs,
  recentMonths,
  reportMonthChoices,
  serviceReportFilename,
  serviceReportMessages,
} from './service-report.ts';

const row = (values: Partial<Parameters<typeof figuresOf>[0][number]> = {}) => ({
  runs: 0,
  failures: 0,
  scheduledRuns: 0,
  scheduledFailures: 0,
  scheduledOnTime: 0,
  durationBuckets: [],
  ...values,
});

describe('service report months', () => {
  it('takes YYYY-MM and refuses anything else with one message', () => {
    expect(MonthKeySchema.parse('2026-10')).toBe('2026-10');
    for (const bad of ['2026-13', '2026-1', '26-10', '2026-10-01', 'october', '']) {
      const result = MonthKeySchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(serviceReportMessages.month);
    }
  });

  it('counts UTC days of the calendar month, across a year end', () => {
    expect(monthBounds('2026-12')).toEqual({
      firstDay: '2026-12-01',
      nextFirstDay: '2027-01-01',
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(monthLabel('2026-10')).toBe('October 2026');
  });

  it('offers the twelve whole months before this one, last month first', () => {
    const months = recentMonths(new Date('2026-01-15T12:00:00Z'));
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-12');
    expect(months[11]).toBe('2025-01');
  });

  it('offers this month so far and last month first, none before the account', () => {
    const now = new Date('2026-11-28T01:00:00Z');
    const { choices, initial } = reportMonthChoices(now, '2024-01-01T00:00:00Z');
    expect(choices).toHaveLength(13);
    expect(choices[0]).toEqual({ value: '2026-11', label: 'November 2026 (so far)' });
    expect(initial).toBe('2026-10');
    const young = reportMonthChoices(now, '2026-09-30T23:00:00Z');
    expect(young.choices.map((c) => c.value)).toEqual(['2026-11', '2026-10', '2026-09']);
    const fresh = reportMonthChoices(now, '2026-11-27T10:00:00Z');
    expect(fresh).toEqual({
      choices: [{ value: '2026-11', label: 'November 2026 (so far)' }],
      initial: '2026-11',
    });
  });

  it('has no report for a month not begun; this month is one so far', () => {
    const now = new Date('2026-11-28T01:00:00Z');
    expect(futureMonthProblem('2026-12', now)).toBe(serviceReportMessages.future);
    expect(futureMonthProblem('2026-11', now)).toBeNull();
    expect(futureMonthProblem('2025-11', now)).toBeNull();
  });

  it('names the file after the account and the month', () => {
    expect(serviceReportFilename('Acme Widgets, Inc.', '2026-10')).toBe(
      'service-report-acme-widgets-inc-2026-10.pdf',
    );
    expect(serviceReportFilename('***', '2026-10')).toBe('service-report-2026-10.pdf');
  });
});

describe('service report figures', () => {
  it('sums the rows and defines success rate, uptime and on time over them', () => {
    const figures = figuresOf([
      row({ runs: 10, failures: 1, scheduledRuns: 8, scheduledFailures: 1, scheduledOnTime: 6 }),
      row({ runs: 30, failures: 2, scheduledRuns: 12, scheduledFailures: 0, scheduledOnTime: 12 }),
    ]);
    expect(figures).toMatchObject({
      runs: 40,
      failures: 3,
      scheduledRuns: 20,
      scheduledFailures: 1,
      scheduledOnTime: 18,
    });
    expect(figures.successRate).toBeCloseTo(37 / 40);
    expect(figures.scheduledUptime).toBeCloseTo(19 / 20);
    expect(figures.onTimeShare).toBeCloseTo(18 / 20);
  });

  it('has no percentage where nothing was counted, and reads none as a dash', () => {
    const figures = figuresOf([row({ runs: 3 })]);
    expect(figures.successRate).toBe(1);
    expect(figures.scheduledUptime).toBeNull();
    expect(figures.onTimeShare).toBeNull();
    expect(figures.medianDuration).toBeNull();
    expect(formatShare(null)).toBe('—');
    expect(formatShare(figuresOf([]).successRate)).toBe('—');
  });

  it('reads the median from the summed duration buckets', () => {
    const buckets = (at: number, n: number) =>
      Array.from({ length: 12 }, (_, i) => (i === at ? n : 0));
    const figures = figuresOf([
      row({ runs: 3, durationBuckets: buckets(4, 3) }),
      row({ runs: 1, durationBuckets: buckets(9, 1) }),
    ]);
    expect(figures.medianDuration).toEqual({ underMs: 2_500 });
  });

  it('rounds shares down, so one failure in many never reads as 100%', () => {
    expect(formatShare(9_999 / 10_000)).toBe('99.9%');
    expect(formatShare(1)).toBe('100.0%');
    expect(formatShare(0.5)).toBe('50.0%');
    expect(formatShare(0.123)).toBe('12.3%');
  });

  it('says spans of time in words', () => {
    expect(formatSpan(250)).toBe('250 ms');
    expect(formatSpan(2_500)).toBe('2.5 s');
    expect(formatSpan(45 * 60_000)).toBe('45 min');
    expect(formatSpan(200 * 60_000)).toBe('3 h 20 min');
    expect(formatSpan(52 * 3_600_000)).toBe('2 d 4 h');
  });
});

describe('longest outage', () => {
  const { start, end } = monthBounds('2026-10');
  const now = new Date('2026-11-28T00:00:00Z');
  const at = (iso: string) => new Date(iso);

  it('counts only the part of an incident inside the month', () => {
    const spanning = {
      kind: 'process_failing',
      openedAt: at('2026-09-30T22:00:00Z'),
      clearedAt: at('2026-10-01T03:00:00Z'),
    };
    expect(overlapMs(spanning, start, end, now)).toBe(3 * 3_600_000);
  });

  it('counts an ongoing incident to the month end, or to now within the month', () => {
    const ongoing = {
      kind: 'process_failing',
      openedAt: at('2026-10-31T20:00:00Z'),
      clearedAt: null,
    };
    expect(overlapMs(ongoing, start, end, now)).toBe(4 * 3_600_000);
    expect(overlapMs(ongoing, start, end, at('2026-10-31T21:00:00Z'))).toBe(3_600_000);
  });

  it('is the longest process_failing overlap; other kinds do not count', () => {
    const short = {
      kind: 'process_failing',
      openedAt: at('2026-10-02T00:00:00Z'),
      clearedAt: at('2026-10-02T01:00:00Z'),
    };
    const long = {
      kind: 'process_failing',
      openedAt: at('2026-10-10T00:00:00Z'),
      clearedAt: at('2026-10-10T05:00:00Z'),
    };
    const other = {
      kind: 'client_success_rate',
      openedAt: at('2026-10-05T00:00:00Z'),
      clearedAt: at('2026-10-08T00:00:00Z'),
    };
    expect(longestOutage([short, other, long], start, end, now)).toEqual({
      incident: long,
      ms: 5 * 3_600_000,
    });
    expect(longestOutage([other], start, end, now)).toBeNull();
  });
});
