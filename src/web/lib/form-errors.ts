import { useEffect, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api.ts';

type FormParts<T extends FieldValues> = Pick<UseFormReturn<T>, 'setError' | 'setFocus'> & {
  isSubmitting: boolean;
};

/**
 * Shows a failed request on a form: field errors under their fields, focus on the first
 * of them, and the server's message in an alert unless a field already says it.
 */
export function useServerErrors<T extends FieldValues>(
  fields: readonly Path<T>[],
  { setError, setFocus, isSubmitting }: FormParts<T>,
) {
  const [alert, setAlert] = useState<string | null>(null);
  const [focusField, setFocusField] = useState<Path<T> | null>(null);

  // Fields are disabled while submitting, so focus moves once the form is enabled again.
  useEffect(() => {
    if (isSubmitting || !focusField) return;
    setFocus(focusField);
    setFocusField(null);
  }, [isSubmitting, focusField, setFocus]);

  const show = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      setAlert('Could not reach the server. Check your connection and try again.');
      return;
    }
    const shown: string[] = [];
    for (const [field, message] of Object.entries(error.errors)) {
      const known = fields.find((name) => name === field);
      if (!known) continue;
      setError(known, { type: 'server', message });
      if (shown.length === 0) setFocusField(known);
      shown.push(message);
    }
    setAlert(shown.includes(error.message) ? null : error.message);
  };

  return { alert, show, showMessage: setAlert, clear: () => setAlert(null) };
}
