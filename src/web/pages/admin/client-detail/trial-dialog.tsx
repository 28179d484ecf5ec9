import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { type GrantTrialInput, GrantTrialSchema, trialPlans } from '#shared/invoicing.ts';
import { TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { FormAlert } from '#web/components/form-alert.tsx';
import { FormDialogFooter } from '#web/components/form-dialog-footer.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { clientKeys } from '../shared/clients-api.ts';
import { invoiceKeys, invoicingCalls } from './invoices-api.ts';

// Grant a trial of Basic or Pro until a date (the last day included). It ends by itself:
// the billing cycle puts the client back on no plan, or pending if an invoice is open.

const fields = ['plan', 'endsOn'] as const;
const planOptions = trialPlans.map((plan) => ({ value: plan, label: plan }));
const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

export function TrialDialog({ clientId, onClose }: { clientId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const formId = useId();
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<GrantTrialInput>({
    resolver: zodResolver(GrantTrialSchema),
    fields,
    defaultValues: { plan: 'Pro', endsOn: inTwoWeeks() },
    submit: async (values) => {
      const { message } = await invoicingCalls.grantTrial(clientId, values);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.client(clientId) }),
        queryClient.invalidateQueries({ queryKey: clientKeys.one(clientId) }),
        queryClient.invalidateQueries({ queryKey: clientKeys.overview(clientId) }),
      ]);
      onClose();
      return { title: 'Trial granted', text: message };
    },
  });
  const { register } = form;

  return (
    <ModalDialog
      open
      size="md"
      title="Grant a trial"
      description="The client gets the plan's features until the end of the chosen day."
      onClose={onClose}
      footer={
        <FormDialogFooter formId={formId} busy={isSubmitting} onCancel={onClose}>
          {isSubmitting ? 'Granting…' : 'Grant trial'}
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Plan"
          options={planOptions}
          error={errors.plan?.message}
          {...register('plan')}
        />
        <TextField
          label="Last day"
          type="date"
          error={errors.endsOn?.message}
          {...register('endsOn')}
        />
        <div className="sm:col-span-2">
          <FormAlert alert={alert} />
        </div>
      </form>
    </ModalDialog>
  );
}
