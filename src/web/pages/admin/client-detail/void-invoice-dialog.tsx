import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { AdminInvoice } from '#shared/admin-invoices.ts';
import { formatCents } from '#shared/billing.ts';
import { type VoidInvoiceInput, VoidInvoiceSchema } from '#shared/invoicing.ts';
import { TextField } from '#web/components/field.tsx';
import { FormAlert } from '#web/components/form-alert.tsx';
import { FormDialogFooter } from '#web/components/form-dialog-footer.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { invoiceKeys, invoicingCalls } from './invoices-api.ts';

// Void an open invoice issued in error, saying why: the client reads the reason with the
// invoice and on its PDF. Nothing can be undone here, so the dialog says so.

const fields = ['reason'] as const;

export function VoidInvoiceDialog({
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
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<VoidInvoiceInput>({
    resolver: zodResolver(VoidInvoiceSchema),
    fields,
    defaultValues: { reason: '' },
    submit: async (values) => {
      const { message } = await invoicingCalls.voidInvoice(clientId, invoice.id, values);
      await queryClient.invalidateQueries({ queryKey: invoiceKeys.client(clientId) });
      onClose();
      return { title: 'Invoice voided', text: message };
    },
  });

  const { register } = form;

  return (
    <ModalDialog
      open
      size="md"
      title={`Void ${invoice.number}?`}
      description={`${formatCents(invoice.amount)}: ${invoice.description}. A void invoice cannot be paid or opened again; the client sees it as void with your reason.`}
      onClose={onClose}
      footer={
        <FormDialogFooter formId={formId} busy={isSubmitting} onCancel={onClose}>
          {isSubmitting ? 'Voiding…' : 'Void invoice'}
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField
          label="Reason"
          maxLength={200}
          hint="Shown to the client with the invoice."
          error={errors.reason?.message}
          {...register('reason')}
        />
        <FormAlert alert={alert} />
      </form>
    </ModalDialog>
  );
}
