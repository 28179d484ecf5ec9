import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { type EndPlanBody, EndPlanSchema } from '#shared/ledger-actions.ts';
import { TextField } from '#web/components/field.tsx';
import { FormAlert } from '#web/components/form-alert.tsx';
import { FormDialogFooter } from '#web/components/form-dialog-footer.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { clientKeys } from '../shared/clients-api.ts';
import { invoiceKeys } from './invoices-api.ts';
import { ledgerCalls } from './ledger-api.ts';

// End a client's plan now, where their own cancellation waits for the paid period to end:
// runs stop at once. The unused days may be credited to the account with a credit note.

const fields = ['reason', 'creditUnused'] as const;

export function EndPlanDialog({
  clientId,
  plan,
  onClose,
}: {
  clientId: string;
  plan: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<EndPlanBody>({
    resolver: zodResolver(EndPlanSchema),
    fields,
    defaultValues: { reason: '', creditUnused: true },
    submit: async (values) => {
      const { message } = await ledgerCalls.endPlan(clientId, values);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.client(clientId) }),
        queryClient.invalidateQueries({ queryKey: clientKeys.one(clientId) }),
        queryClient.invalidateQueries({ queryKey: clientKeys.overview(clientId) }),
      ]);
      onClose();
      return { title: 'Plan ended', text: message };
    },
  });
  const { register } = form;

  return (
    <ModalDialog
      open
      size="md"
      title={`End ${plan} now?`}
      description="Manual and scheduled runs stop at once and open plan invoices go void. The client is told by mail, with your reason."
      onClose={onClose}
      footer={
        <FormDialogFooter formId={formId} busy={isSubmitting} onCancel={onClose} danger>
          {isSubmitting ? 'Ending…' : 'End plan now'}
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField
          label="Reason"
          maxLength={200}
          hint="Shown to the client."
          error={errors.reason?.message}
          {...register('reason')}
        />
        <label className="flex cursor-pointer gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
            {...register('creditUnused')}
          />
          <span>
            <span className="block font-medium text-slate-900">
              Credit the unused days of the paid period
            </span>
            <span className="block text-slate-600">
              Issues a credit note; the amount waits on the account for the next invoices.
            </span>
          </span>
        </label>
        <FormAlert alert={alert} />
      </form>
    </ModalDialog>
  );
}
