import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { UpdateCompanySchema } from '#shared/clients.ts';
import type { User } from '#shared/user.ts';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { FormFooter, SectionCard } from '#web/components/section-card.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { clientCalls, useClientChange } from '../shared/clients-api.ts';

type CompanyInput = z.input<typeof UpdateCompanySchema>;
type Company = z.output<typeof UpdateCompanySchema>;
const fields = ['companyName', 'companyCode'] as const;

export function CompanyCard({ client }: { client: User }) {
  const save = useClientChange(client._id, (values: Company) =>
    clientCalls.company(client._id, values),
  );
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<CompanyInput, Company>({
    resolver: zodResolver(UpdateCompanySchema),
    fields,
    defaultValues: { companyName: client.companyName ?? '', companyCode: client.companyCode ?? '' },
    submit: async (values) => {
      await save.mutateAsync(values);
      return { title: 'Saved', text: 'Company updated.' };
    },
  });
  const { register } = form;
  const { isDirty } = form.formState;

  return (
    <SectionCard id="company" title="Company" description="Shown on the client's account.">
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={isSubmitting} className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="Company name"
            optional
            error={errors.companyName?.message}
            {...register('companyName')}
          />
          <TextField
            label="Company code"
            optional
            error={errors.companyCode?.message}
            {...register('companyCode')}
          />
        </fieldset>
        <FormFooter alert={alert}>
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? 'Saving…' : 'Save company'}
          </Button>
        </FormFooter>
      </form>
    </SectionCard>
  );
}
