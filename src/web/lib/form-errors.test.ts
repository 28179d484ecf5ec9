import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { UNREACHABLE } from './failure-text.ts';
import { placeServerErrors } from './form-errors.ts';

const fields = ['email', 'role'] as const;
const invalid = (message: string, errors: Record<string, string>) =>
  new ApiError(400, message, errors, JSON.stringify({ message, errors }));

describe('placeServerErrors', () => {
  it('puts known field errors under their fields and the message in the alert', () => {
    const error = invalid('Please fix the form errors', {
      role: 'Choose member or admin.',
      unknown: 'x',
      email: 'Enter a valid email.',
    });
    expect(placeServerErrors(error, fields)).toEqual({
      fields: [
        ['role', 'Choose member or admin.'],
        ['email', 'Enter a valid email.'],
      ],
      alert: 'Please fix the form errors',
    });
  });

  it('says a message once: no alert when a field already says it', () => {
    const error = invalid('Already a member.', { email: 'Already a member.' });
    expect(placeServerErrors(error, fields)).toEqual({
      fields: [['email', 'Already a member.']],
      alert: null,
    });
  });

  it('shows an answer without field errors, or no answer, in the alert', () => {
    expect(placeServerErrors(invalid('Slow down.', {}), fields)).toEqual({
      fields: [],
      alert: 'Slow down.',
    });
    expect(placeServerErrors(new TypeError('Failed to fetch'), fields)).toEqual({
      fields: [],
      alert: UNREACHABLE,
    });
  });

  it('puts the message under `messageField` on a form without an alert', () => {
    expect(placeServerErrors(invalid('Slow down.', {}), fields, 'email')).toEqual({
      fields: [['email', 'Slow down.']],
      alert: null,
    });
    expect(placeServerErrors(new TypeError('Failed to fetch'), fields, 'email')).toEqual({
      fields: [['email', UNREACHABLE]],
      alert: null,
    });
    // A field error says enough: the general message does not replace it.
    expect(
      placeServerErrors(
        invalid('Please fix the form errors', { role: 'Bad role.' }),
        fields,
        'email',
      ),
    ).toEqual({ fields: [['role', 'Bad role.']], alert: null });
  });
});
