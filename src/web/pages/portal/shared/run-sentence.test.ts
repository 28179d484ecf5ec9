import { describe, expect, it } from 'vitest';
import { runSentence } from './run-sentence.ts';

describe('runSentence', () => {
  const finished = { state: 'finished' as const, statusCode: 200, ok: true };
  it('says how a run went in words', () => {
    expect(runSentence({ ...finished, durationMs: 800 })).toBe('Ran successfully in 800 ms');
    expect(runSentence({ ...finished, durationMs: 1500 })).toBe('Ran successfully in 1.50 s');
    expect(runSentence({ ...finished, ok: false, statusCode: 500 })).toBe(
      'The workflow ran into an error',
    );
    expect(runSentence({ ...finished, ok: false, statusCode: 403 })).toBe(
      'The workflow refused the request',
    );
    expect(runSentence({ ...finished, ok: false, statusCode: 404 })).toBe(
      'No workflow answers at its address',
    );
    expect(runSentence({ ...finished, ok: false, statusCode: null })).toBe(
      'The workflow could not be reached',
    );
    expect(runSentence({ ...finished, ok: false, confirmedByN8n: true })).toBe('Failed in n8n');
    const noAnswer = { ...finished, ok: false, statusCode: null };
    expect(runSentence({ ...noAnswer, errorKind: 'timeout', durationMs: 30_012 })).toBe(
      'No answer within 30 s',
    );
    expect(runSentence({ ...noAnswer, errorKind: 'unreachable' })).toBe('n8n is not answering');
    expect(runSentence({ ...noAnswer, errorKind: 'refused' })).toBe(
      'The workflow’s address is not allowed',
    );
    expect(
      runSentence({ state: 'following', ok: null, statusCode: null, errorKind: 'timeout' }),
    ).toBe('No answer in time; waiting for n8n’s result');
    expect(runSentence({ state: 'running', ok: null, statusCode: null })).toBe('Running now');
    expect(runSentence({ state: 'interrupted', ok: null, statusCode: null })).toBe(
      'Interrupted before the workflow answered',
    );
  });
});
