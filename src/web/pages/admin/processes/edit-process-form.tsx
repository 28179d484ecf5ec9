import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProcess } from '#shared/processes.ts';
import { Button } from '#web/components/button.tsx';
import { toast } from '#web/lib/toast.ts';
import { notifyFailure } from '../request-notices.ts';
import { ProcessFields } from './process-fields.tsx';
import { processCalls, processKeys, type SavedProcess } from './processes-api.ts';
import { useProcessForm } from './use-process-form.ts';

/** The inline editor of one process in the list. `onDone` gets the answer of a save. */
export function EditProcessForm({
  process,
  clientOptions,
  onDone,
}: {
  process: AdminProcess;
  clientOptions: { value: string; label: string }[];
  onDone: (saved?: SavedProcess) => void;
}) {
  const queryClient = useQueryClient();
  const { form, submit } = useProcessForm(process);
  const update = useMutation({
    mutationFn: (values: Parameters<typeof processCalls.update>[1]) =>
      processCalls.update(process._id, values),
  });

  const onSubmit = submit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      await queryClient.invalidateQueries({ queryKey: processKeys.all });
      toast({ title: 'Saved', text: `${saved.name} was updated.`, tone: 'success' });
      onDone(saved);
    } catch (error) {
      notifyFailure(error, { failed: 'Update failed', network: 'Update error' });
    }
  });

  const busy = form.formState.isSubmitting;
  return (
    <form aria-label={`Edit ${process.name}`} onSubmit={onSubmit} noValidate>
      <fieldset disabled={busy}>
        <ProcessFields form={form} clientOptions={clientOptions} />
      </fieldset>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => onDone()} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
