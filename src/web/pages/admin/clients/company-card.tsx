import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { UpdateCompanySchema } from '#shared/clients.ts';
import type { User } from '#shared/user.ts';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { useServerErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { clientCalls, useClientChange } from './clients-api.ts';
import { FormFooter, SectionCard } from './section-card.tsx';

type CompanyInput = z.input<typeof UpdateCompanySchema>;
type Company = z.output<typeof UpdateCompanySchema>;
const fields = ['companyName', 'companyCode'] as const;

export function CompanyCard({ client }: { client: User }) {
  const save = useClientChange(client._id, (values: Company) =>
    clientCalls.company(client._id, values),
  );
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<CompanyInput, unknown, Company>({
    resolver: zodResolver(UpdateCompanySchema),
    defaultValues: { companyName: client.companyName ?? '', companyCode: client.companyCode ?? '' },
  });
  const failure = useServerErrors(fields, { setError, setFocus, isSubmitting });

  const onSubmit = handleSubmit(async (values) => {
    failure.clear();
    try {
      await save.mutateAsync(values);
      toast({ title: 'Saved', text: 'Company updated.', tone: 'success' });
    } catch (error) {
      failure.show(error);
    }
  });

  return (
    <SectionCard id="company" title="Company" description="Shown on the client's account.">
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={isSubmitting} className="grid gap-4 sm:grid-cols-2">
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
        <FormFooter alert={failure.alert}>
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? 'Saving…' : 'Save company'}
          </Button>
        </FormFooter>
      </form>
    </SectionCard>
  );
}
