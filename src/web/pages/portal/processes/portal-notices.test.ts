import { describe, expect, it } from 'vitest';
import { answerText, SCHEDULE_SNIPPET, statusLine, TRIGGER_SNIPPET } from './portal-notices.ts';

describe('statusLine', () => {
  it('quotes a text body, cut to the given length (SPEC §8, §9)', () => {
    const body = 'y'.repeat(300);
    expect(statusLine(200, body, TRIGGER_SNIPPET)).toBe(`Status 200: ${'y'.repeat(120)}`);
    expect(statusLine(500, body, SCHEDULE_SNIPPET)).toBe(`Status 500: ${'y'.repeat(200)}`);
  });

  it("quotes the message of the server's JSON error rather than its braces", () => {
    const body = JSON.stringify({ message: 'This workflow is paused.' });
    expect(statusLine(409, body, TRIGGER_SNIPPET)).toBe('Status 409: This workflow is paused.');
  });

  it('keeps a JSON body without a message as it is', () => {
    expect(answerText('{"ok":true}')).toBe('{"ok":true}');
    expect(answerText('')).toBe('');
  });
});
