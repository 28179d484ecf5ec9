import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { LegalDefaults } from '#shared/legal-defaults.ts';
import { Button } from '#web/components/button.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { saveFailureText } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { DefaultsForm } from './defaults-form.tsx';
import { defaultsQuery, legalCalls, legalKeys } from './legal-api.ts';

// "Quick Defaults" (SPEC §2 Legal suite): the organization defaults (GET/PUT
// /api/legal/defaults) edited without leaving the suite. Saved defaults pre-fill the
// template fields, so the field schemas are reloaded; values already typed stay.

function Body({ formId, onSaved }: { formId: string; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const defaults = useQuery(defaultsQuery());

  const save = async (values: LegalDefaults) => {
    try {
      const answer = await legalCalls.saveDefaults(values);
      queryClient.setQueryData(legalKeys.defaults, answer.defaults);
      void queryClient.invalidateQueries({ queryKey: legalKeys.schemas });
      toast({ title: 'Saved', text: answer.message, tone: 'success' });
      onSaved();
    } catch (error) {
      // Settings saves (SPEC §8): the server's message or "Status {code}", titled Error.
      // Field errors are also shown under their fields by the form.
      toast({ title: 'Error', text: saveFailureText(error), tone: 'error' });
      throw error;
    }
  };

  return (
    <QueryState query={defaults} loading="Loading defaults…" failed="Defaults could not be loaded">
      {(data) => (
        // A refetch that brings newer values (saved on the Profile page) starts the form again.
        <DefaultsForm key={defaults.dataUpdatedAt} id={formId} defaults={data} onSave={save} />
      )}
    </QueryState>
  );
}

export function QuickDefaultsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const formId = useId();
  return (
    <ModalDialog
      open={open}
      title="Quick Defaults"
      description="Your organization's defaults for every legal document."
      size="xl"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            Save defaults
          </Button>
        </>
      }
    >
      {/* Mounted only while open, so each opening starts from the saved values. */}
      {open ? <Body formId={formId} onSaved={onClose} /> : null}
    </ModalDialog>
  );
}
