import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type InvoiceDetails,
  InvoiceDetailsBodySchema,
  ledgerMessages,
} from '#shared/ledger-actions.ts';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { TextAreaField } from '#web/components/field-textarea.tsx';
import { FormAlert } from '#web/components/form-alert.tsx';
import { SectionCard } from '#web/components/section-card.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { invoiceDetailsKey, invoiceDetailsQuery, ledgerCalls } from './ledger-api.ts';

// The client's sales tax rate and billing address (local billing): copied onto each new
// invoice, so changing them never rewrites an invoice already sent.

const fields = ['salesTaxPercent', 'billingAddress'] as const;

/** The form types the address as lines of a textarea and the rate as text. */
const FormSchema = z
  .object({
    salesTaxPercent: z.string(),
    // Said on the textarea itself rather than on one of its lines.
    billingAddress: z.string().refine((text) => {
      const lines = text.split('\n').filter((line) => line.trim());
      return lines.length <= 5 && lines.every((line) => line.trim().length <= 100);
    }, ledgerMessages.address),
  })
  .transform((v) => ({
    salesTaxPercent: v.salesTaxPercent.trim() === '' ? null : Number(v.salesTaxPercent),
    billingAddress: v.billingAddress.split('\n'),
  }))
  .pipe(InvoiceDetailsBodySchema);
type FormValues = z.input<typeof FormSchema>;

const formValues = (details: InvoiceDetails): FormValues => ({
  salesTaxPercent:
    details.salesTaxMilliPercent === null ? '' : String(details.salesTaxMilliPercent / 1000),
  billingAddress: details.billingAddress.join('\n'),
});

function DetailsForm({ clientId, details }: { clientId: string; details: InvoiceDetails }) {
  const queryClient = useQueryClient();
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<FormValues>({
    resolver: zodResolver(FormSchema, undefined, { raw: true }),
    fields,
    defaultValues: formValues(details),
    submit: async (values) => {
      const body = FormSchema.parse(values);
      const saved = await ledgerCalls.saveInvoiceDetails(clientId, {
        salesTaxPercent:
          body.salesTaxMilliPercent === null ? null : body.salesTaxMilliPercent / 1000,
        billingAddress: body.billingAddress,
      });
      queryClient.setQueryData(invoiceDetailsKey(clientId), saved);
      form.reset(formValues(saved));
      return { title: 'Invoice details saved', text: 'New invoices carry them.' };
    },
  });
  const { register } = form;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Sales tax (%)"
        optional
        inputMode="decimal"
        hint="Empty or 0: exempt. Up to three decimals, e.g. 8.25."
        error={errors.salesTaxPercent?.message}
        {...register('salesTaxPercent')}
      />
      <TextAreaField
        label="Billing address"
        optional
        rows={4}
        hint="Printed under the company on invoices, one line per row."
        error={errors.billingAddress?.message}
        {...register('billingAddress')}
      />
      <div className="flex items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save invoice details'}
        </Button>
        <FormAlert alert={alert} />
      </div>
    </form>
  );
}

export function InvoiceDetailsCard({ clientId }: { clientId: string }) {
  const details = useQuery(invoiceDetailsQuery(clientId));
  return (
    <SectionCard title="Sales tax and billing address">
      {details.data ? (
        <DetailsForm clientId={clientId} details={details.data} />
      ) : details.isError ? (
        <p className="text-sm text-red-700">Invoice details could not be loaded.</p>
      ) : (
        <Spinner label="Loading invoice details" />
      )}
    </SectionCard>
  );
}
