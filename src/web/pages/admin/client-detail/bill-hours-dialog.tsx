import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { formatCents } from '#shared/billing.ts';
import { type BillHoursInput, BillHoursSchema } from '#shared/invoicing.ts';
import { TextField } from '#web/components/field.tsx';
import { FormAlert } from '#web/components/form-alert.tsx';
import { FormDialogFooter } from '#web/components/form-dialog-footer.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { invoiceKeys, invoicingCalls } from './invoices-api.ts';

// Invoice consulting hours at the client's hourly rate (billing presets), due on the
// client's terms. The invoice then takes payments like any other.

const fields = ['hours', 'description'] as const;

export function BillHoursDialog({
  clientId,
  hourlyRateCents,
  onClose,
}: {
  clientId: string;
  hourlyRateCents: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<BillHoursInput>({
    resolver: zodResolver(BillHoursSchema),
    fields,
    defaultValues: { hours: 1, description: '' },
    submit: async (values) => {
      const { message } = await invoicingCalls.billHours(clientId, values);
      await queryClient.invalidateQueries({ queryKey: invoiceKeys.client(clientId) });
      onClose();
      return { title: 'Invoice issued', text: message };
    },
  });
  const { register, watch } = form;
  const hours = watch('hours');
  const total =
    Number.isFinite(hours) && hours > 0 ? formatCents(Math.round(hours * hourlyRateCents)) : null;

  return (
    <ModalDialog
      open
      size="md"
      title="Bill hours"
      description={`At the client's rate of ${formatCents(hourlyRateCents)} an hour.`}
      onClose={onClose}
      footer={
        <FormDialogFooter formId={formId} busy={isSubmitting} onCancel={onClose}>
          {isSubmitting ? 'Issuing…' : total ? `Issue invoice for ${total}` : 'Issue invoice'}
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField
          label="What the hours were for"
          maxLength={200}
          error={errors.description?.message}
          {...register('description')}
        />
        <TextField
          label="Hours"
          type="number"
          inputMode="decimal"
          step="0.25"
          min="0.25"
          hint="In quarter hours."
          error={errors.hours?.message}
          {...register('hours', { valueAsNumber: true })}
        />
        <FormAlert alert={alert} />
      </form>
    </ModalDialog>
  );
}
