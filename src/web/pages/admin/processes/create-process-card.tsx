import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SavedProcess } from '#shared/processes.ts';
import { Button } from '#web/components/button.tsx';
import { Card } from '#web/components/card.tsx';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { ProcessFields } from './process-fields.tsx';
import { processFormValues } from './process-form-values.ts';
import { processCalls, processKeys } from './processes-api.ts';
import { SaveWarnings } from './save-warnings.tsx';
import { useProcessForm } from './use-process-form.ts';

export function CreateProcessCard({
  clientOptions,
}: {
  clientOptions: { value: string; label: string }[];
}) {
  const queryClient = useQueryClient();
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
      return { title: 'Created', text: `${process.name} was created.` };
    },
    onFailure: (error) =>
      notifyFailure(error, { failed: 'Create failed', network: 'Create error' }),
  });

  const busy = form.formState.isSubmitting;
  return (
    <Card>
      <h2 id="new-process-heading" className="text-lg font-semibold text-slate-900">
        New process
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A workflow a client can run, connected to its webhook.
      </p>
      <form aria-labelledby="new-process-heading" onSubmit={onSubmit} noValidate className="mt-5">
        <fieldset disabled={busy}>
          <ProcessFields form={form} clientOptions={clientOptions} />
        </fieldset>
        <div className="mt-6 flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? 'Creating…' : 'Create process'}
          </Button>
        </div>
      </form>
      {saved?.warnings?.length ? (
        <div className="mt-5">
          <SaveWarnings
            name={saved.name}
            warnings={saved.warnings ?? []}
            onDismiss={() => setSaved(null)}
          />
        </div>
      ) : null}
    </Card>
  );
}
