import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminProcess,
  type CreateProcess,
  type CreateProcessInput,
  CreateProcessSchema,
} from '#shared/processes.ts';
import { toast } from '#web/lib/toast.ts';
import { type ApiFormOptions, useApiForm } from '#web/lib/use-api-form.ts';
import { processFormValues, validationNotice } from './process-form-values.ts';

/**
 * A process form checked with the shared schema (the server checks again with the same
 * messages). A form that does not validate also raises the SPEC §8 notice; a failed save
 * is told by `onFailure` (a notice, SPEC §8), not on the form.
 */
export function useProcessForm(
  process: AdminProcess | undefined,
  actions: Pick<ApiFormOptions<CreateProcessInput, CreateProcess>, 'submit' | 'onFailure'>,
) {
  return useApiForm<CreateProcessInput, CreateProcess>({
    resolver: zodResolver(CreateProcessSchema),
    fields: [],
    defaultValues: processFormValues(process),
    onInvalid: (errors) => toast({ ...validationNotice(errors), tone: 'error' }),
    ...actions,
  });
}
