import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { UpdateClientSchema, UpdateCompanySchema } from '#shared/clients.ts';
import { roles, type User } from '#shared/user.ts';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { FormFooter, SectionCard } from '#web/components/section-card.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { clientCalls, useClientChange } from '../shared/clients-api.ts';
import { PrivacyCard } from './privacy-card.tsx';
import { sendInOrder } from './send-in-order.ts';
import { ServiceReportCard } from './service-report-card.tsx';

// The Account tab: who the client is (SPEC §2 account edit and company edit) in one form
// with one save, then the privacy requests. The plan lives on the Plan & billing tab.

const AccountSchema = UpdateClientSchema.pick({ name: true, email: true, role: true })
  .required()
  .extend(UpdateCompanySchema.shape);
type AccountInput = z.input<typeof AccountSchema>;
type Account = z.output<typeof AccountSchema>;

const fields = ['name', 'email', 'role', 'companyName', 'companyCode'] as const;
const roleOptions = roles.map((value) => ({ value, label: value }));
const roleHint = 'Trial and Client use the portal; Admin opens this admin area instead.';

export const accountValues = (client: User) => ({
  name: client.name,
  email: client.email,
  role: client.role,
  companyName: client.companyName ?? '',
  companyCode: client.companyCode ?? '',
});

function AccountForm({ client }: { client: User }) {
  const save = useClientChange(client._id, sendInOrder);
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<AccountInput, Account>({
    resolver: zodResolver(AccountSchema),
    fields,
    defaultValues: accountValues(client),
    submit: async ({ name, email, role, ...company }) => {
      const dirty = form.formState.dirtyFields;
      await save.mutateAsync([
        Boolean(dirty.name || dirty.email || dirty.role) &&
          (() => clientCalls.update(client._id, { name, email, role })),
        Boolean(dirty.companyName || dirty.companyCode) &&
          (() => clientCalls.company(client._id, company)),
      ]);
      return { title: 'Saved', text: 'Account details updated.' };
    },
  });
  const { register } = form;

  return (
    <SectionCard
      id="account-details"
      title="Account details"
      description="The client's name, the email they sign in with, their role and their company."
    >
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={isSubmitting} className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="Name" error={errors.name?.message} {...register('name')} />
          <TextField
            label="Sign-in email"
            type="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <SelectField
            label="Role"
            hint={roleHint}
            options={roleOptions}
            error={errors.role?.message}
            {...register('role')}
          />
          <div aria-hidden="true" className="hidden sm:block" />
          <TextField
            label="Company name"
            optional
            error={errors.companyName?.message}
            {...register('companyName')}
          />
          <TextField
            label="Company code"
            hint="Your own reference for the company, shown on the clients list."
            optional
            error={errors.companyCode?.message}
            {...register('companyCode')}
          />
        </fieldset>
        <FormFooter alert={alert}>
          <Button type="submit" disabled={isSubmitting || !form.formState.isDirty}>
            {isSubmitting ? 'Saving…' : 'Save account'}
          </Button>
        </FormFooter>
      </form>
    </SectionCard>
  );
}

export function AccountTab({ client, formKey }: { client: User; formKey: string }) {
  return (
    <div className="space-y-6">
      <AccountForm key={formKey} client={client} />
      <ServiceReportCard client={client} />
      <PrivacyCard client={client} />
    </div>
  );
}
