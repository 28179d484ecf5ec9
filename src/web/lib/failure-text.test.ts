import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import {
  answerText,
  bodyAnswer,
  codeText,
  failureMessage,
  messageOr,
  networkText,
  requestFailure,
  SNIPPET,
  saveFailureText,
  statusLine,
  statusText,
  UNREACHABLE,
} from './failure-text.ts';

// What ApiError holds after api.ts read a failed answer: the stand-in message when the
// body carried none.
const apiError = (status: number, body: string, message?: string) =>
  new ApiError(status, message ?? `Request failed with status ${status}.`, {}, body);
const json = (value: unknown) => JSON.stringify(value);

describe('answers (SPEC §8 "Status {code}: " plus the body)', () => {
  it('quotes the message of a JSON body rather than its braces', () => {
    const error = apiError(400, json({ message: 'Name and client are required.' }));
    expect(answerText(error)).toBe('Name and client are required.');
    expect(statusText(error)).toBe('Status 400: Name and client are required.');
    expect(codeText(error)).toBe('400: Name and client are required.');
    expect(bodyAnswer(json({ message: 'This workflow is paused.' }))).toBe(
      'This workflow is paused.',
    );
  });

  it('quotes a plain or message-less body as it came', () => {
    expect(bodyAnswer('{"ok":true}')).toBe('{"ok":true}');
    expect(bodyAnswer('  upstream said no \n')).toBe('upstream said no');
    expect(bodyAnswer('')).toBe('');
  });

  it('cuts the answer to 200 characters, 120 for a trigger (SPEC §9)', () => {
    expect(statusText(apiError(502, 'x'.repeat(250)))).toBe(`Status 502: ${'x'.repeat(200)}`);
    const body = 'y'.repeat(300);
    expect(statusLine(200, bodyAnswer(body), SNIPPET.trigger)).toBe(
      `Status 200: ${'y'.repeat(120)}`,
    );
    expect(statusLine(500, bodyAnswer(body))).toBe(`Status 500: ${'y'.repeat(200)}`);
  });

  it("falls back to ApiError's stand-in when the body is empty", () => {
    expect(statusText(apiError(500, ''))).toBe('Status 500: Request failed with status 500.');
  });
});

describe('failures without an answer', () => {
  it("shows the error's own text, else a fixed sentence", () => {
    expect(networkText(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(networkText('boom')).toBe('The request did not complete.');
    expect(networkText(new Error(''), UNREACHABLE)).toBe(UNREACHABLE);
  });
});

describe('requestFailure (SPEC §8 Admin)', () => {
  const titles = { failed: 'Update failed', network: 'Update error' };

  it('names the status and quotes the answer when the server answered', () => {
    expect(requestFailure(apiError(409, json({ message: 'Taken.' })), titles)).toEqual({
      title: 'Update failed',
      text: 'Status 409: Taken.',
    });
  });

  it('uses the network title and the error text otherwise', () => {
    expect(requestFailure(new TypeError('Failed to fetch'), titles)).toEqual({
      title: 'Update error',
      text: 'Failed to fetch',
    });
  });
});

describe('messageOr (SPEC §8 Billing)', () => {
  it("gives the server's message, the fallback, or the network text", () => {
    const args = ['Failed to get portal URL', 'Failed to open billing portal'] as const;
    expect(messageOr(apiError(409, json({ message: 'No customer yet.' })), ...args)).toBe(
      'No customer yet.',
    );
    expect(messageOr(apiError(502, '<html>Bad gateway</html>'), ...args)).toBe(args[0]);
    expect(messageOr(new TypeError('Failed to fetch'), ...args)).toBe(args[1]);
  });
});

describe('saveFailureText (SPEC §8 Settings saves)', () => {
  it("quotes the server's message", () => {
    const body = json({ message: 'Only the account owner can do that.' });
    expect(saveFailureText(new ApiError(403, 'ignored', {}, body))).toBe(
      'Only the account owner can do that.',
    );
  });

  it('says "Status {code}" when the server sent no message', () => {
    expect(saveFailureText(apiError(502, '<html>Bad gateway</html>'))).toBe('Status 502');
    expect(saveFailureText(apiError(500, '{"message":""}'))).toBe('Status 500');
  });

  it('explains a network failure', () => {
    expect(saveFailureText(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(saveFailureText(undefined)).toBe(UNREACHABLE);
  });
});

describe('failureMessage', () => {
  it("gives ApiError's message, else the network sentence", () => {
    expect(
      failureMessage(apiError(409, json({ message: 'Already a member.' }), 'Already a member.')),
    ).toBe('Already a member.');
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe(UNREACHABLE);
    expect(failureMessage('x', 'The payment service did not answer.')).toBe(
      'The payment service did not answer.',
    );
  });
});
