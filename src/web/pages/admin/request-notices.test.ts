import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import { answerText, codeText, statusText } from './request-notices.ts';

const apiError = (status: number, body: string) =>
  new ApiError(status, `Request failed with status ${status}.`, {}, body);

describe('admin request notices', () => {
  it('quotes the message of a JSON error body', () => {
    const error = apiError(400, JSON.stringify({ message: 'Name and client are required.' }));
    expect(answerText(error)).toBe('Name and client are required.');
    expect(statusText(error)).toBe('Status 400: Name and client are required.');
    expect(codeText(error)).toBe('400: Name and client are required.');
  });

  it('quotes a plain body as it came, cut to the first 200 characters', () => {
    const error = apiError(502, 'x'.repeat(250));
    expect(statusText(error)).toBe(`Status 502: ${'x'.repeat(200)}`);
  });

  it('falls back to the generic message when the body is empty', () => {
    expect(statusText(apiError(500, ''))).toBe('Status 500: Request failed with status 500.');
  });
});
