import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { entitlementKeys, type User } from '#shared/user.ts';
import { Button } from '#web/components/button.tsx';
import { FormFooter, SectionCard } from '#web/components/section-card.tsx';
import { ToggleSwitch } from '#web/components/toggle-switch.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import {
  type EntitlementKey,
  effectiveEntitlements,
  entitlementText,
} from '../shared/client-format.ts';
import { clientCalls, useClientChange } from '../shared/clients-api.ts';
import { CatalogRequestsCard } from './catalog-requests-card.tsx';

// The Entitlements tab: the six feature switches (SPEC §7: PATCH with entitlements), then
// the templates the client asked for from the catalog.

const EntitlementsSchema = z.object(
  Object.fromEntries(entitlementKeys.map((key) => [key, z.boolean()])) as Record<
    EntitlementKey,
    z.ZodBoolean
  >,
);
type Entitlements = z.output<typeof EntitlementsSchema>;

function EntitlementsForm({ client }: { client: User }) {
  const save = useClientChange(client._id, (entitlements: Partial<Entitlements>) =>
    clientCalls.update(client._id, { entitlements }),
  );
  const { form, onSubmit, alert, isSubmitting } = useApiForm<Entitlements>({
    resolver: zodResolver(EntitlementsSchema),
    fields: [],
    defaultValues: effectiveEntitlements(client),
    submit: async (values) => {
      // Only switches the admin touched become the client's own setting; the others keep
      // following the plan, so a later plan change still applies to them.
      const changed = entitlementKeys.filter((key) => dirtyFields[key]);
      await save.mutateAsync(Object.fromEntries(changed.map((key) => [key, values[key]])));
      return { title: 'Saved', text: 'Entitlements updated.' };
    },
  });
  const { isDirty, dirtyFields } = form.formState;

  const source = (key: EntitlementKey) => {
    if (dirtyFields[key]) return 'Changed, not saved yet';
    return typeof client.entitlements[key] === 'boolean'
      ? 'Set for this client'
      : `As the ${client.subscription.plan} plan gives`;
  };

  return (
    <SectionCard
      id="entitlement-switches"
      title="Entitlements"
      description="Features switched on or off for this client, whatever their plan gives. A switch you have not touched follows the plan."
    >
      <form onSubmit={onSubmit} noValidate>
        <fieldset
          disabled={isSubmitting}
          className="grid min-w-0 grid-cols-1 gap-x-8 gap-y-4 sm:grid-cols-2"
        >
          <legend className="sr-only">Entitlements</legend>
          {entitlementKeys.map((key) => (
            <ToggleSwitch
              key={key}
              label={entitlementText[key].label}
              description={
                <>
                  {entitlementText[key].description}
                  <span className="block text-xs text-slate-500">{source(key)}</span>
                </>
              }
              {...form.register(key)}
            />
          ))}
        </fieldset>
        <FormFooter alert={alert}>
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? 'Saving…' : 'Save entitlements'}
          </Button>
        </FormFooter>
      </form>
    </SectionCard>
  );
}

export function EntitlementsTab({ client, formKey }: { client: User; formKey: string }) {
  return (
    <div className="space-y-6">
      <EntitlementsForm key={formKey} client={client} />
      <CatalogRequestsCard client={client} />
    </div>
  );
}
