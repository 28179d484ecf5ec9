import { describe, expect, it } from 'vitest';
import { runFailureHeadline, runNoticeText } from './run-failure-text.ts';

describe('a failed run in the run history', () => {
  const failed = {
    state: 'finished' as const,
    ok: false,
    statusCode: 500,
    errorKind: 'status' as const,
    error: 'The workflow answered 500.',
    bodySnippet: '{"message":"Error in workflow"}',
  };

  it('leads with what failed in plain words, never a status code', () => {
    const cases = [
      [failed, 'The workflow ran into an error and did not finish.'],
      [{ ...failed, statusCode: 422 }, 'The workflow refused the request.'],
      [
        { ...failed, statusCode: 404, bodySnippet: 'The requested webhook "x" is not registered.' },
        'The workflow is switched off in n8n, or its address changed, so it did not start.',
      ],
      [
        { ...failed, errorKind: 'timeout' as const, statusCode: null },
        'The workflow did not answer in time. It may still have finished in n8n.',
      ],
      [
        { ...failed, errorKind: 'execution' as const },
        'The workflow started, but one of its steps failed.',
      ],
      [
        { ...failed, errorKind: 'unreachable' as const, statusCode: null },
        'The automation server did not answer, so the workflow did not start.',
      ],
    ] as const;
    for (const [run, words] of cases) {
      expect(runFailureHeadline(run)).toBe(words);
      expect(words).not.toMatch(/\d{3}/);
    }
    expect(runFailureHeadline({ ...failed, state: 'interrupted', statusCode: null })).toContain(
      'cut short',
    );
    expect(runFailureHeadline({ ...failed, ok: true, errorKind: null })).toBeNull();
    expect(runFailureHeadline({ ...failed, state: 'following', ok: null })).toBeNull();
  });

  it("keeps Run's notice text, Status {code} and 120 characters, for the details", () => {
    expect(runNoticeText(failed)).toBe('Status 500: {"message":"Error in workflow"}');
    expect(runNoticeText({ ...failed, bodySnippet: 'x'.repeat(300) })).toBe(
      `Status 500: ${'x'.repeat(120)}`,
    );
    expect(runNoticeText({ ...failed, statusCode: null })).toBeNull();
    expect(runNoticeText({ ...failed, errorKind: 'execution' })).toBeNull();
  });
});
