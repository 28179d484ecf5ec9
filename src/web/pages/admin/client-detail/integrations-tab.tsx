import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { type BillingProviderName, usesZohoIds } from '#shared/billing-provider.ts';
import { IntegrationKeySchema } from '#shared/clients.ts';
import { generateWebhookKey } from '#shared/keys.ts';
import { type User, zohoIdKeys } from '#shared/user.ts';
import { Button, buttonClass } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { ExternalIcon } from '#web/components/icons.tsx';
import { FormFooter, SectionCard } from '#web/components/section-card.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { crmLinks } from '../shared/client-format.ts';
import { clientCalls, useClientChange } from '../shared/clients-api.ts';
import { useCrmLinkBases } from '../shared/crm-links-api.ts';
import { CrmIdsSchema, crmIdHint, crmIdLabels } from '../shared/crm-tools.ts';
import { useBillingProvider } from './billing-provider-api.ts';
import { CrmActions } from './crm-actions.tsx';
import { sendInOrder } from './send-in-order.ts';

// The Integrations tab: the client's workflow-engine key and, with Zoho billing, their ids
// in the CRM and billing apps (SPEC §2, §3), saved together; then deep links to each app
// for the saved ids and the CRM tools (Stripe has the tools, local billing neither).

const IntegrationsSchema = CrmIdsSchema.extend(IntegrationKeySchema.shape);
type IntegrationsInput = z.input<typeof IntegrationsSchema>;
type Integrations = z.output<typeof IntegrationsSchema>;
const fields = ['n8nWebhookKey', ...zohoIdKeys] as const;

function IntegrationsForm({ client, zohoIds }: { client: User; zohoIds: boolean }) {
  const save = useClientChange(client._id, sendInOrder);
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<
    IntegrationsInput,
    Integrations
  >({
    resolver: zodResolver(IntegrationsSchema),
    fields,
    defaultValues: {
      n8nWebhookKey: client.integrationKeys?.n8nWebhookKey ?? '',
      ...Object.fromEntries(zohoIdKeys.map((key) => [key, client[key] ?? ''])),
    },
    submit: async ({ n8nWebhookKey, ...ids }) => {
      const dirty = form.formState.dirtyFields;
      await save.mutateAsync([
        Boolean(dirty.n8nWebhookKey) &&
          (() => clientCalls.integrationKey(client._id, n8nWebhookKey)),
        zohoIdKeys.some((key) => dirty[key]) && (() => clientCalls.update(client._id, ids)),
      ]);
      return { title: 'Saved', text: 'Integrations updated.' };
    },
  });
  const { register, setValue } = form;

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={isSubmitting} className="min-w-0 space-y-8">
        <fieldset className="min-w-0">
          <legend className="text-sm font-semibold text-slate-900">Workflow engine</legend>
          <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
            <TextField
              label="Webhook key"
              hint="The key this client's workflows are called with. Replacing it breaks calls that use the old key; leave empty to remove it."
              autoComplete="off"
              spellCheck={false}
              className="min-w-0 flex-1 [&_input]:font-mono"
              error={errors.n8nWebhookKey?.message}
              {...register('n8nWebhookKey')}
            />
            <Button
              variant="secondary"
              className="sm:mt-7"
              onClick={() => setValue('n8nWebhookKey', generateWebhookKey(), { shouldDirty: true })}
            >
              Generate
            </Button>
          </div>
        </fieldset>
        {zohoIds ? (
          <fieldset className="min-w-0">
            <legend className="text-sm font-semibold text-slate-900">CRM and billing apps</legend>
            <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {zohoIdKeys.map((key) => (
                <TextField
                  key={key}
                  label={crmIdLabels[key]}
                  hint={crmIdHint(key, client[key])}
                  optional
                  autoComplete="off"
                  spellCheck={false}
                  error={errors[key]?.message}
                  {...register(key)}
                />
              ))}
            </div>
          </fieldset>
        ) : null}
      </fieldset>
      <FormFooter alert={alert}>
        <Button type="submit" disabled={isSubmitting || !form.formState.isDirty}>
          {isSubmitting ? 'Saving…' : 'Save integrations'}
        </Button>
      </FormFooter>
    </form>
  );
}

function AppLinks({ client }: { client: User }) {
  const links = crmLinks(client, useCrmLinkBases());
  return (
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
  );
}

const descriptions: Record<BillingProviderName, string> = {
  zoho: "How this client's workflows are called, and where the client is in the CRM and billing apps.",
  stripe: "How this client's workflows are called, and the client's customer in Stripe.",
  local:
    "How this client's workflows are called. Billing is kept in this app (local billing), so no CRM or billing-app ids are needed.",
};

export function IntegrationsTab({ client, formKey }: { client: User; formKey: string }) {
  const provider = useBillingProvider();
  // The Zoho ids, their links and the CRM actions mean something only with the provider
  // that uses them: with local billing they would mint local ids nobody reads.
  const zohoIds = provider !== undefined && usesZohoIds(provider);
  const actions = provider === 'zoho' || provider === 'stripe';
  return (
    <SectionCard
      id="integration-settings"
      title="Integrations"
      description={provider ? descriptions[provider] : "How this client's workflows are called."}
    >
      <IntegrationsForm key={formKey} client={client} zohoIds={zohoIds} />
      {zohoIds || actions ? (
        <div className="mt-6 grid gap-5 border-t border-slate-200 pt-6 lg:grid-cols-2">
          {zohoIds ? <AppLinks client={client} /> : null}
          {actions ? <CrmActions clientId={client._id} /> : null}
        </div>
      ) : null}
    </SectionCard>
  );
}
