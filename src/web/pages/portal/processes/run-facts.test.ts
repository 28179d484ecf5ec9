import { describe, expect, it } from 'vitest';
import {
  inputLines,
  NOT_REGISTERED_EXPLANATION,
  needsRepeatConfirm,
  runExplanation,
  sinceManualStart,
} from './run-facts.ts';

const at = (iso: string) => Date.parse(iso);

describe('run explanation', () => {
  it("explains n8n's 404 for a webhook it does not know", () => {
    const run = {
      statusCode: 404,
      error: 'The workflow answered 404: The requested webhook "POST sync" is not registered.',
      bodySnippet: null,
    };
    expect(runExplanation(run)).toBe(NOT_REGISTERED_EXPLANATION);
  });

  it('says nothing more for other answers', () => {
    expect(runExplanation({ statusCode: 404, error: 'Not found', bodySnippet: null })).toBeNull();
    expect(
      runExplanation({ statusCode: 500, error: 'not registered', bodySnippet: null }),
    ).toBeNull();
  });
});

describe('asking before running again', () => {
  const now = at('2026-11-25T10:00:10Z');

  it('asks within 10 s of a manual run, from the server or this page', () => {
    const serverRun = { startedAt: '2026-11-25T10:00:05Z', trigger: 'manual' as const };
    expect(needsRepeatConfirm(sinceManualStart(serverRun, null, now))).toBe(true);
    expect(needsRepeatConfirm(sinceManualStart(null, now - 3000, now))).toBe(true);
  });

  it('does not ask after 10 s, after a scheduled run, or for a first run', () => {
    const old = { startedAt: '2026-11-25T09:59:59Z', trigger: 'manual' as const };
    const scheduled = { startedAt: '2026-11-25T10:00:09Z', trigger: 'schedule' as const };
    expect(needsRepeatConfirm(sinceManualStart(old, null, now))).toBe(false);
    expect(needsRepeatConfirm(sinceManualStart(scheduled, null, now))).toBe(false);
    expect(needsRepeatConfirm(sinceManualStart(null, null, now))).toBe(false);
  });

  it('uses the newer of the two', () => {
    const old = { startedAt: '2026-11-25T09:00:00Z', trigger: 'manual' as const };
    expect(sinceManualStart(old, now - 2000, now)).toBe(2000);
  });
});

describe('input lines', () => {
  it('lists the values a run was started with', () => {
    const fields = [
      { name: 'region', label: 'Region' },
      { name: 'count', label: 'How many' },
    ];
    expect(inputLines({ note: null, count: 3, region: 'EU' }, fields)).toEqual([
      'Region: EU',
      'How many: 3',
      'note: —',
    ]);
    expect(inputLines(null, fields)).toEqual([]);
  });
});
