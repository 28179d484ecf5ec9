import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { UpdateClientSchema } from '#shared/clients.ts';
import { plans, roles, type User } from '#shared/user.ts';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { FormFooter, SectionCard } from '#web/components/section-card.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { clientCalls, useClientChange } from '../shared/clients-api.ts';

// Account edit (SPEC §2): name, email, role Client/Admin/Trial, plan Trial/Basic/Pro.

const AccountSchema = UpdateClientSchema.pick({
  name: true,
  email: true,
  role: true,
  plan: true,
}).required();
type AccountInput = z.input<typeof AccountSchema>;
type Account = z.output<typeof AccountSchema>;

const fields = ['name', 'email', 'role', 'plan'] as const;
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

export function AccountCard({ client }: { client: User }) {
  const save = useClientChange(client._id, (values: Account) =>
    clientCalls.update(client._id, values),
  );
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<AccountInput, Account>({
    resolver: zodResolver(AccountSchema),
    fields,
    defaultValues: {
      name: client.name,
      email: client.email,
      role: client.role,
      plan: client.subscription.plan,
    },
    submit: async (values) => {
      await save.mutateAsync(values);
      return { title: 'Saved', text: 'Account details updated.' };
    },
  });
  const { register } = form;
  const { isDirty } = form.formState;

  return (
    <SectionCard
      id="account"
      title="Account"
      description="Name, sign-in email, role and plan. The plan sets the default features."
    >
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={isSubmitting} className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="Name" error={errors.name?.message} {...register('name')} />
          <TextField
            label="Email"
            type="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <SelectField
            label="Role"
            options={options(roles)}
            error={errors.role?.message}
            {...register('role')}
          />
          <SelectField
            label="Plan"
            options={options(plans)}
            error={errors.plan?.message}
            {...register('plan')}
          />
        </fieldset>
        <FormFooter alert={alert}>
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? 'Saving…' : 'Save account'}
          </Button>
        </FormFooter>
      </form>
    </SectionCard>
  );
}
