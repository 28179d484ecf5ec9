import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  type AdminProcess,
  type CreateProcess,
  type CreateProcessInput,
  CreateProcessSchema,
} from '#shared/processes.ts';
import { toast } from '#web/lib/toast.ts';
import { processFormValues, validationNotice } from './process-form-values.ts';

/**
 * A process form checked with the shared schema (the server checks again with the same
 * messages). A form that does not validate also raises the SPEC §8 notice.
 */
export function useProcessForm(process?: AdminProcess) {
  const form = useForm<CreateProcessInput, unknown, CreateProcess>({
    resolver: zodResolver(CreateProcessSchema),
    defaultValues: processFormValues(process),
  });
  const submit = (save: (values: CreateProcess) => Promise<void>) =>
    form.handleSubmit(save, (errors) => {
      toast({ ...validationNotice(errors), tone: 'error' });
    });
  return { form, submit };
}
