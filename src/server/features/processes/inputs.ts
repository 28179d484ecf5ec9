import type { ProcessRow } from '#server/db/schema.ts';
import { badRequest, fieldErrorsFrom } from '#server/http/errors.ts';
import { type InputValues, inputsSchemaFor } from '#shared/process-inputs.ts';

/**
 * The client's values for a process's inputs, checked with the schema the Run dialog
 * uses; null for a process without inputs (whatever was sent is ignored).
 */
export function checkedInputs(
  fields: ProcessRow['inputFields'],
  values: Record<string, unknown> | undefined,
): InputValues | null {
  if (fields.length === 0) return null;
  const parsed = inputsSchemaFor(fields).safeParse(values ?? {});
  if (parsed.success) return parsed.data as InputValues;
  const errors = fieldErrorsFrom(parsed.error.issues);
  throw badRequest(Object.values(errors)[0] ?? 'Check the inputs.', errors);
}
