import { useEffect, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, UNREACHABLE } from './api.ts';

export interface PlacedErrors<F extends string> {
  /** Server messages for fields the form has, in the server's order. */
  fields: [F, string][];
  /** What is left to say above or below the form, if anything. */
  alert: string | null;
}

/**
 * Where a failed request's words go on a form: each field error the form knows under its
 * field, and the server's message as an alert unless a field already says it. A form with
 * no alert (`messageField`) shows that message under the field instead, when no field
 * error was placed. No answer at all: UNREACHABLE.
 */
export function placeServerErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  messageField?: F,
): PlacedErrors<F> {
  if (!(error instanceof ApiError)) return sayOnce(UNREACHABLE, [], messageField);
  const placed: [F, string][] = [];
  for (const [name, message] of Object.entries(error.errors)) {
    const field = fields.find((known) => known === name);
    if (field) placed.push([field, message]);
  }
  if (placed.some(([, message]) => message === error.message))
    return { fields: placed, alert: null };
  return sayOnce(error.message, placed, messageField);
}

function sayOnce<F extends string>(message: string, placed: [F, string][], messageField?: F) {
  if (!messageField) return { fields: placed, alert: message };
  return { fields: placed.length ? placed : [[messageField, message] as [F, string]], alert: null };
}

type FormParts<T extends FieldValues> = Pick<UseFormReturn<T>, 'setError' | 'setFocus'> & {
  isSubmitting: boolean;
};

/**
 * Shows a failed request on a form (placeServerErrors) and moves focus to the first field
 * with an error once the form is enabled again.
 */
export function useServerErrors<T extends FieldValues>(
  fields: readonly Path<T>[],
  { setError, setFocus, isSubmitting }: FormParts<T>,
  messageField?: Path<T>,
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
    const placed = placeServerErrors(error, fields, messageField);
    for (const [field, message] of placed.fields) setError(field, { type: 'server', message });
    if (placed.fields[0]) setFocusField(placed.fields[0][0]);
    setAlert(placed.alert);
  };

  return { alert, show, showMessage: setAlert, clear: () => setAlert(null) };
}
