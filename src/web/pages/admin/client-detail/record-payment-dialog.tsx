import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { AdminInvoice } from '#shared/admin-invoices.ts';
import { formatCents } from '#shared/billing.ts';
import { billingToday, billingZoneNote } from '#shared/billing-dates.ts';
import {
  paymentMethodLabels,
  paymentMethods,
  type RecordPaymentInput,
  recordPaymentSchema,
} from '#shared/invoicing.ts';
import { TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { FormAlert } from '#web/components/form-alert.tsx';
import { FormDialogFooter } from '#web/components/form-dialog-footer.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { clientKeys } from '../shared/clients-api.ts';
import { amountDue } from './invoice-row.tsx';
import { invoiceKeys, invoicingCalls } from './invoices-api.ts';

// Record money received against one open invoice: amount (what is still due by default),
// the day it arrived, how (ACH, check, card, other) and its reference. Checked with the
// server's own schema; a payment in full starts or renews the plan. The day is a day of
// the billing zone (the invoices answer names it): no later than today there.

const fields = ['amountDollars', 'paidOn', 'method', 'reference'] as const;
const methodOptions = paymentMethods.map((value) => ({
  value,
  label: paymentMethodLabels[value],
}));

export function RecordPaymentDialog({
  clientId,
  invoice,
  timeZone,
  onClose,
}: {
  clientId: string;
  invoice: AdminInvoice;
  /** The billing zone (BILLING_TIME_ZONE): the day paid is a day there. */
  timeZone: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const due = amountDue(invoice);
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<RecordPaymentInput>({
    // raw: send dollars as typed; the server turns them into cents with the same schema.
    resolver: zodResolver(recordPaymentSchema(timeZone), undefined, { raw: true }),
    fields,
    defaultValues: {
      amountDollars: due / 100,
      paidOn: billingToday(timeZone),
      method: 'ach',
      reference: '',
    },
    submit: async (values) => {
      const { message } = await invoicingCalls.recordPayment(clientId, invoice.id, values);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.client(clientId) }),
        queryClient.invalidateQueries({ queryKey: clientKeys.one(clientId) }),
        queryClient.invalidateQueries({ queryKey: clientKeys.overview(clientId) }),
      ]);
      onClose();
      return { title: 'Payment recorded', text: message };
    },
  });
  const { register } = form;

  return (
    <ModalDialog
      open
      size="md"
      title="Record a payment"
      description={
        invoice.status === 'void'
          ? `Invoice ${invoice.number} is void: money received for it is kept as account credit and spent on the next invoices.`
          : `Invoice ${invoice.number}: ${formatCents(due)} of ${formatCents(invoice.amount)} is due.`
      }
      onClose={onClose}
      footer={
        <FormDialogFooter formId={formId} busy={isSubmitting} onCancel={onClose}>
          {isSubmitting ? 'Recording…' : 'Record payment'}
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Amount received (USD)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          error={errors.amountDollars?.message}
          {...register('amountDollars', { valueAsNumber: true })}
        />
        <TextField
          label="Date received"
          type="date"
          max={billingToday(timeZone)}
          hint={billingZoneNote(timeZone)}
          error={errors.paidOn?.message}
          {...register('paidOn')}
        />
        <SelectField
          label="Method"
          options={methodOptions}
          error={errors.method?.message}
          {...register('method')}
        />
        <TextField
          label="Reference"
          optional
          hint="Check number, ACH trace or receipt."
          maxLength={100}
          error={errors.reference?.message}
          {...register('reference')}
        />
        <div className="sm:col-span-2">
          <FormAlert alert={alert} />
        </div>
      </form>
    </ModalDialog>
  );
}
