import { zodResolver } from '@hookform/resolvers/zod';
import { type User, zohoIdKeys } from '#shared/user.ts';
import { Button, buttonClass } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { ExternalIcon } from '#web/components/icons.tsx';
import { FormFooter, SectionCard } from '#web/components/section-card.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { crmLinks } from '../shared/client-format.ts';
import { clientCalls, useClientChange } from '../shared/clients-api.ts';
import { useCrmLinkBases } from '../shared/crm-links-api.ts';
import {
  type CrmIds as Ids,
  type CrmIdsInput as IdsInput,
  CrmIdsSchema as IdsSchema,
  crmIdLabels as labels,
} from '../shared/crm-tools.ts';
import { CrmActions } from './crm-actions.tsx';

// The client's ids in the external CRM and billing apps (SPEC §3), with deep links to
// each app for the saved ids (GET /api/zoho/crm-links + id, new tab).

export function CrmIdsCard({ client }: { client: User }) {
  const save = useClientChange(client._id, (values: Ids) => clientCalls.update(client._id, values));
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<IdsInput, Ids>({
    resolver: zodResolver(IdsSchema),
    fields: zohoIdKeys,
    defaultValues: Object.fromEntries(zohoIdKeys.map((key) => [key, client[key] ?? ''])),
    submit: async (values) => {
      await save.mutateAsync(values);
      return { title: 'Saved', text: 'CRM and billing app IDs updated.' };
    },
  });
  const { register } = form;
  const { isDirty } = form.formState;
  const links = crmLinks(client, useCrmLinkBases());

  return (
    <SectionCard
      id="crm"
      title="CRM and billing apps"
      description="This client's records in the CRM, subscriptions, books and desk apps."
      className="lg:col-span-2"
    >
      <form onSubmit={onSubmit} noValidate>
        <fieldset
          disabled={isSubmitting}
          className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          {zohoIdKeys.map((key) => (
            <TextField
              key={key}
              label={labels[key]}
              optional
              autoComplete="off"
              spellCheck={false}
              error={errors[key]?.message}
              {...register(key)}
            />
          ))}
        </fieldset>
        <FormFooter alert={alert}>
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? 'Saving…' : 'Save IDs'}
          </Button>
        </FormFooter>
      </form>
      <div className="mt-5 grid gap-5 border-t border-slate-200 pt-5 lg:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Open in the apps</h3>
          {links.length > 0 ? (
            <ul className="mt-3 flex flex-wrap gap-2">
              {links.map((link) => (
                <li key={link.app}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonClass('secondary', 'sm')}
                  >
                    {link.app}
                    <ExternalIcon className="size-4" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-600">Links appear once IDs are saved.</p>
          )}
        </div>
        <CrmActions clientId={client._id} />
      </div>
    </SectionCard>
  );
}
