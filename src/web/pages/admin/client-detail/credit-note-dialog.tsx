import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { AdminInvoice } from '#shared/admin-invoices.ts';
import { formatCents } from '#shared/billing.ts';
import { type CreditNoteBody, CreditNoteBodySchema } from '#shared/ledger-actions.ts';
import { TextField } from '#web/components/field.tsx';
import { FormAlert } from '#web/components/form-alert.tsx';
import { FormDialogFooter } from '#web/components/form-dialog-footer.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { invoiceKeys } from './invoices-api.ts';
import { ledgerCalls } from './ledger-api.ts';

// A credit note against one invoice: an amount off, with the reason the client reads. On
// an open invoice it lowers what is due; on a paid one it becomes account credit.

const fields = ['amountDollars', 'reason'] as const;

export function CreditNoteDialog({
  clientId,
  invoice,
  onClose,
}: {
  clientId: string;
  invoice: AdminInvoice;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const most = invoice.amount - invoice.amountCredited;
  const paid = invoice.status === 'paid';
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<CreditNoteBody>({
    resolver: zodResolver(CreditNoteBodySchema, undefined, { raw: true }),
    fields,
    defaultValues: { reason: '' },
    submit: async (values) => {
      const { message } = await ledgerCalls.creditNote(clientId, invoice.id, values);
      await queryClient.invalidateQueries({ queryKey: invoiceKeys.client(clientId) });
      onClose();
      return { title: 'Credit note issued', text: message };
    },
  });
  const { register } = form;

  return (
    <ModalDialog
      open
      size="md"
      title={`Credit note for ${invoice.number}`}
      description={`Up to ${formatCents(most)} can be credited. ${paid ? 'The invoice is paid: the amount becomes credit on the account, spent on the next invoices.' : 'The invoice then asks for that much less.'}`}
      onClose={onClose}
      footer={
        <FormDialogFooter formId={formId} busy={isSubmitting} onCancel={onClose}>
          {isSubmitting ? 'Issuing…' : 'Issue credit note'}
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField
          label="Amount (USD)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          error={errors.amountDollars?.message}
          {...register('amountDollars', { valueAsNumber: true })}
        />
        <TextField
          label="Reason"
          maxLength={200}
          hint="Shown to the client on the invoice and its PDF."
          error={errors.reason?.message}
          {...register('reason')}
        />
        <FormAlert alert={alert} />
      </form>
    </ModalDialog>
  );
}
