import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SavedProcess } from '#shared/processes.ts';
import { FormDialogFooter } from '#web/components/form-dialog-footer.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { SaveWarnings, saveWarningTitle } from '#web/components/save-warnings.tsx';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { ProcessFields } from './process-fields.tsx';
import { processFormValues } from './process-form-values.ts';
import { processCalls, processKeys } from './processes-api.ts';
import { useProcessForm } from './use-process-form.ts';

// New process (the list comes first; this opens from its "New process" button).
// It stays open after a save the server warns about, so the warning is read; otherwise
// it closes and the new process is at the top of the list.

export function CreateProcessDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const formId = useId();
  const create = useMutation({ mutationFn: processCalls.create });
  const [saved, setSaved] = useState<SavedProcess | null>(null);
  const { form, onSubmit } = useProcessForm(undefined, {
    submit: async (values) => {
      setSaved(null);
      const process = await create.mutateAsync(values);
      setSaved(process);
      await queryClient.invalidateQueries({ queryKey: processKeys.all });
      // Keep the client picked: several processes are often set up for one client.
      form.reset({ ...processFormValues(), clientUserId: values.clientUserId });
      if (!process.warnings?.length) onClose();
      return { title: 'Created', text: `${process.name} was created.` };
    },
    onFailure: (error) =>
      notifyFailure(error, { failed: 'Create failed', network: 'Create error' }),
  });

  const busy = form.formState.isSubmitting;
  return (
    <ModalDialog
      open
      title="New process"
      description="A workflow a client can run, connected to its webhook."
      onClose={onClose}
      footer={
        <FormDialogFooter formId={formId} busy={busy} onCancel={onClose}>
          {busy ? 'Creating…' : 'Create process'}
        </FormDialogFooter>
      }
    >
      {saved?.warnings?.length ? (
        <div className="mb-5">
          <SaveWarnings
            title={saveWarningTitle(saved.name)}
            warnings={saved.warnings ?? []}
            onDismiss={() => setSaved(null)}
          />
        </div>
      ) : null}
      <form id={formId} aria-label="New process" onSubmit={onSubmit} noValidate>
        <fieldset disabled={busy}>
          <ProcessFields form={form} />
        </fieldset>
      </form>
    </ModalDialog>
  );
}
