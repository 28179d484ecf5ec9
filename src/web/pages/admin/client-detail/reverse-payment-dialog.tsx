import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import type { AdminInvoice } from '#shared/admin-invoices.ts';
import { formatCents } from '#shared/billing.ts';
import { billingToday } from '#shared/billing-dates.ts';
import type { LedgerPayment } from '#shared/books.ts';
import { type ReversePaymentBody, reversePaymentSchema } from '#shared/ledger-actions.ts';
import { TextField } from '#web/components/field.tsx';
import { FormAlert } from '#web/components/form-alert.tsx';
import { FormDialogFooter } from '#web/components/form-dialog-footer.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { clientKeys } from '../shared/clients-api.ts';
import { invoiceKeys } from './invoices-api.ts';
import { ledgerCalls } from './ledger-api.ts';

// Reverse a recorded payment whose money went back (a bounced ACH, a returned check): the
// invoice asks for it again, due that day, and the plan lapses after the grace period if
// it stays unpaid. The payment stays listed, marked reversed.

const fields = ['reversedOn', 'reason'] as const;

export function ReversePaymentDialog({
  clientId,
  invoice,
  payment,
  timeZone,
  onClose,
}: {
  clientId: string;
  invoice: AdminInvoice;
  payment: LedgerPayment;
  /** The billing zone: the day typed is a day of its calendar. */
  timeZone: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const schema = useMemo(() => reversePaymentSchema(timeZone), [timeZone]);
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<ReversePaymentBody>({
    resolver: zodResolver(schema),
    fields,
    defaultValues: { reversedOn: billingToday(timeZone), reason: '' },
    submit: async (values) => {
      const { message } = await ledgerCalls.reversePayment(
        clientId,
        invoice.id,
        payment.id,
        values,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.client(clientId) }),
        queryClient.invalidateQueries({ queryKey: clientKeys.one(clientId) }),
      ]);
      onClose();
      return { title: 'Payment reversed', text: message };
    },
  });
  const { register } = form;

  return (
    <ModalDialog
      open
      size="md"
      title={`Reverse ${formatCents(payment.amount)} on ${invoice.number}?`}
      description="Use this when the money went back: a bounced ACH, a returned check. The invoice asks for it again from that day; the payment stays listed as reversed."
      onClose={onClose}
      footer={
        <FormDialogFooter formId={formId} busy={isSubmitting} onCancel={onClose}>
          {isSubmitting ? 'Reversing…' : 'Reverse payment'}
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Date the money went back"
          type="date"
          error={errors.reversedOn?.message}
          {...register('reversedOn')}
        />
        <TextField
          label="Reason"
          maxLength={200}
          hint="Shown to the client."
          error={errors.reason?.message}
          {...register('reason')}
        />
        <div className="sm:col-span-2">
          <FormAlert alert={alert} />
        </div>
      </form>
    </ModalDialog>
  );
}
