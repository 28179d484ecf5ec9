import { describe, expect, it } from 'vitest';
import {
  formatQuantile,
  formatRate,
  healthInWords,
  healthLevel,
  type ProcessHealth,
} from './process-health.ts';

// A process's health in one word and in plain words, as a client reads it on the overview.

const at = (iso: string) => `[${iso.slice(5, 16)}]`;

function health(figures: Partial<ProcessHealth>): ProcessHealth {
  const base: Omit<ProcessHealth, 'level'> = {
    rate7d: null,
    rate30d: null,
    runs7d: 0,
    runs30d: 0,
    failures7d: 0,
    failures30d: 0,
    medianMs: null,
    p95Ms: null,
    lastSuccessAt: null,
    lastFailureAt: null,
    lastError: null,
    lastErrorKind: null,
    failuresInARow: 0,
    failingSince: null,
    ...figures,
  };
  return { level: healthLevel(base), ...base, ...figures };
}

describe('healthLevel', () => {
  it('is failing from three failures in a row, whatever the rate', () => {
    expect(health({ failuresInARow: 3, runs30d: 400, rate30d: 0.99 }).level).toBe('failing');
  });

  it('needs attention after one or two failures in a row, or under 90% of successes', () => {
    expect(health({ failuresInARow: 1, runs30d: 10, rate30d: 0.9 }).level).toBe('degraded');
    expect(health({ runs7d: 10, rate7d: 0.8, runs30d: 40, rate30d: 0.95 }).level).toBe('degraded');
    // Without runs in the last 7 days, the 30 days say it.
    expect(health({ runs30d: 10, rate30d: 0.5 }).level).toBe('degraded');
  });

  it('is healthy with runs and idle without any in 30 days', () => {
    expect(health({ runs7d: 5, rate7d: 1, runs30d: 20, rate30d: 0.95 }).level).toBe('healthy');
    expect(health({ lastSuccessAt: '2026-09-01T10:00:00.000Z' }).level).toBe('idle');
  });
});

describe('healthInWords', () => {
  it('says how many runs succeeded for a healthy process', () => {
    const h = health({ runs7d: 100, rate7d: 1, runs30d: 412, failures30d: 8, rate30d: 404 / 412 });
    expect(healthInWords(h, at)).toBe('Healthy: 98% of 412 runs succeeded in the last 30 days.');
  });

  it('never reads 100% with a failure, and says one run as a run', () => {
    expect(formatRate(999 / 1000)).toBe('99%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(null)).toBe('—');
    const one = health({ runs7d: 1, rate7d: 1, runs30d: 1, rate30d: 1 });
    expect(healthInWords(one, at)).toBe('Healthy: 100% of 1 run succeeded in the last 30 days.');
  });

  it('says a failing streak with when it began', () => {
    const h = health({
      failuresInARow: 3,
      failingSince: '2026-11-27T09:12:00.000Z',
      lastFailureAt: '2026-11-27T11:00:00.000Z',
      runs30d: 20,
      rate30d: 0.85,
    });
    expect(healthInWords(h, at)).toBe('Failing: the last 3 runs failed, since [11-27T09:12].');
  });

  it('says a single failure with its time and the rate beside it', () => {
    const h = health({
      failuresInARow: 1,
      failingSince: '2026-11-27T09:12:00.000Z',
      lastFailureAt: '2026-11-27T09:12:00.000Z',
      runs7d: 10,
      rate7d: 0.9,
      runs30d: 40,
      rate30d: 0.975,
    });
    expect(healthInWords(h, at)).toBe(
      'Needs attention: the last run failed ([11-27T09:12]); 97% of 40 runs succeeded in the last 30 days.',
    );
  });

  it('says a low success rate without a streak', () => {
    const h = health({ runs7d: 10, rate7d: 0.7, runs30d: 30, rate30d: 0.8 });
    expect(healthInWords(h, at)).toBe(
      'Needs attention: 80% of 30 runs succeeded in the last 30 days.',
    );
  });

  it('says a process without runs is idle, with its last success when there was one', () => {
    expect(healthInWords(health({}), at)).toBe('No runs in the last 30 days.');
    expect(healthInWords(health({ lastSuccessAt: '2026-09-01T10:00:00.000Z' }), at)).toBe(
      'No runs in the last 30 days. The last successful run was on [09-01T10:00].',
    );
  });
});

describe('formatQuantile', () => {
  it('reads a bucket bound as words', () => {
    expect(formatQuantile({ underMs: 250 })).toBe('under 250 ms');
    expect(formatQuantile({ underMs: 2_500 })).toBe('under 2.5 s');
    expect(formatQuantile({ underMs: 120_000 })).toBe('under 2 min');
    expect(formatQuantile({ overMs: 300_000 })).toBe('over 5 min');
    expect(formatQuantile(null)).toBe('—');
  });
});
