import { describe, expect, it } from 'vitest';
import { contactMessages } from '#shared/contact-options.ts';
import { ApiError } from '#web/lib/api.ts';
import { describeContactFailure } from './contact-api.ts';

const apiError = (status: number, body: unknown) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const errors =
    body && typeof body === 'object' && 'errors' in body
      ? (body as { errors: Record<string, string> }).errors
      : {};
  return new ApiError(status, 'ignored', errors, text);
};

describe('describeContactFailure (SPEC §8)', () => {
  it('puts field errors under their fields and shows no banner', () => {
    const failure = describeContactFailure(
      apiError(400, {
        message: 'Please fix the form errors',
        errors: { email: 'Please enter a valid email address.', unknown: 'x' },
      }),
    );
    expect(failure).toEqual({
      fields: { email: 'Please enter a valid email address.' },
      banner: null,
      detail: null,
    });
  });

  it('shows the server message in the banner', () => {
    expect(describeContactFailure(apiError(500, { message: 'Mail server down' })).banner).toBe(
      'Mail server down',
    );
  });

  it('falls back to "Failed to submit form." when the answer has neither', () => {
    expect(describeContactFailure(apiError(502, '<html>Bad gateway</html>')).banner).toBe(
      contactMessages.failed,
    );
    expect(describeContactFailure(apiError(500, {})).banner).toBe(contactMessages.failed);
  });

  it('shows the long fallback with the error text for a network failure', () => {
    expect(describeContactFailure(new TypeError('Failed to fetch'))).toEqual({
      fields: {},
      banner: contactMessages.network,
      detail: 'Failed to fetch',
    });
    expect(describeContactFailure('boom').detail).toBeNull();
  });
});
