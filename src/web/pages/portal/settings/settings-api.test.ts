import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import { failureText } from './settings-api.ts';

describe('failureText (SPEC §8 Settings saves)', () => {
  it("quotes the server's message", () => {
    const body = JSON.stringify({ message: 'Only the account owner can do that.' });
    expect(failureText(new ApiError(403, 'ignored', {}, body))).toBe(
      'Only the account owner can do that.',
    );
  });

  it('says "Status {code}" when the server sent no message', () => {
    expect(failureText(new ApiError(502, 'Request failed', {}, '<html>Bad gateway</html>'))).toBe(
      'Status 502',
    );
    expect(failureText(new ApiError(500, 'Request failed', {}, '{"message":""}'))).toBe(
      'Status 500',
    );
  });

  it('explains a network failure', () => {
    expect(failureText(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
});
