import {
  type FieldValues,
  type Path,
  type Resolver,
  type SubmitErrorHandler,
  type UseFormProps,
  useForm,
} from 'react-hook-form';
import type { Notice } from './failure-text.ts';
import { useServerErrors } from './form-errors.ts';
import { toast } from './toast.ts';

// The one way a form talks to the server: checked by its resolver, sent by `submit`, a
// success notice when that returns one, and a failure shown on the form (field errors
// under their fields with focus on the first, the rest in `alert`). Nothing here loads
// zod: signed-in screens pass zodResolver(Schema), public pages a lazy resolver
// (lazy-resolver.ts), so their budget is kept (DESIGN §6).

type Submit<TOutput> =
  | ((values: TOutput) => Promise<Notice | undefined> | Notice | undefined)
  | ((values: TOutput) => Promise<void> | void);

export interface ApiFormOptions<TInput extends FieldValues, TOutput>
  extends Omit<UseFormProps<TInput, unknown, TOutput>, 'resolver'> {
  resolver?: Resolver<TInput, unknown, TOutput>;
  /** The fields a server's field errors may name (ApiError.errors). */
  fields: readonly Path<TInput>[];
  /** Sends the values; a notice it returns is shown as a success toast. */
  submit: Submit<TOutput>;
  /** Told of a failure after the form shows it, e.g. for a notice SPEC §8 asks for. */
  onFailure?: (error: unknown) => unknown;
  /** Values that fail the checks, e.g. for a "Validation" notice (SPEC §8). */
  onInvalid?: SubmitErrorHandler<TInput>;
  /** Busy outside a submit too (a confirmation step): focus waits until it ends. */
  busy?: boolean;
  /** A form without an alert says the server's message under this field instead. */
  messageField?: Path<TInput>;
}

export function useApiForm<TInput extends FieldValues, TOutput = TInput>({
  fields,
  submit,
  onFailure,
  onInvalid,
  busy = false,
  messageField,
  ...formOptions
}: ApiFormOptions<TInput, TOutput>) {
  const form = useForm<TInput, unknown, TOutput>(formOptions);
  const { setError, setFocus } = form;
  const isSubmitting = form.formState.isSubmitting;
  const failure = useServerErrors(
    fields,
    { setError, setFocus, isSubmitting: isSubmitting || busy },
    messageField,
  );

  const onSubmit = form.handleSubmit(async (values) => {
    failure.clear();
    try {
      const notice = await submit(values);
      if (notice) toast({ ...notice, tone: 'success' });
    } catch (error) {
      failure.show(error);
      await onFailure?.(error);
    }
  }, onInvalid);

  return {
    form,
    onSubmit,
    /** The failure shown above or below the form, if any (SPEC §8 says where). */
    alert: failure.alert,
    failure,
    errors: form.formState.errors,
    isSubmitting,
  };
}
