import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProcess, SavedProcess } from '#shared/processes.ts';
import { Button } from '#web/components/button.tsx';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { ProcessFields } from './process-fields.tsx';
import { processCalls, processKeys } from './processes-api.ts';
import { useProcessForm } from './use-process-form.ts';

/** The inline editor of one process in the list. `onDone` gets the answer of a save. */
export function EditProcessForm({
  process,
  onDone,
}: {
  process: AdminProcess;
  onDone: (saved?: SavedProcess) => void;
}) {
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (values: Parameters<typeof processCalls.update>[1]) =>
      processCalls.update(process._id, values),
  });
  const { form, onSubmit } = useProcessForm(process, {
    submit: async (values) => {
      const saved = await update.mutateAsync(values);
      await queryClient.invalidateQueries({ queryKey: processKeys.all });
      onDone(saved);
      return { title: 'Saved', text: `${saved.name} was updated.` };
    },
    onFailure: (error) =>
      notifyFailure(error, { failed: 'Update failed', network: 'Update error' }),
  });

  const busy = form.formState.isSubmitting;
  return (
    <form aria-label={`Edit ${process.name}`} onSubmit={onSubmit} noValidate>
      <fieldset disabled={busy}>
        <ProcessFields form={form} clientName={process.clientName} />
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
