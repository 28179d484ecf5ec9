import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { BillingPrefsInputSchema } from '#shared/clients.ts';
import { entitlementKeys, type User } from '#shared/user.ts';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { FormFooter, SectionCard } from '#web/components/section-card.tsx';
import { ToggleSwitch } from '#web/components/toggle-switch.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import {
  dollarsFromCents,
  type EntitlementKey,
  effectiveEntitlements,
  entitlementText,
} from '../shared/client-format.ts';
import { clientCalls, useClientChange } from '../shared/clients-api.ts';

// The six entitlement toggles and the billing presets, saved together as the API takes
// them (SPEC §7: PATCH with entitlements and billingPrefs). The rate is edited in
// dollars; the server keeps cents.

const blankToNull = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? null : Number(value)) : value;

const PresetsSchema = z.object({
  entitlements: z.object({
    manualTrigger: z.boolean(),
    scheduler: z.boolean(),
    analytics: z.boolean(),
    tickets: z.boolean(),
    catalog: z.boolean(),
    team: z.boolean(),
  }),
  billingPrefs: z.object({
    hourlyRateDollars: z.preprocess(blankToNull, BillingPrefsInputSchema.shape.hourlyRateDollars),
    defaultDueDays: z.preprocess(blankToNull, BillingPrefsInputSchema.shape.defaultDueDays),
    defaultPriceId: BillingPrefsInputSchema.shape.defaultPriceId,
  }),
});
type PresetsInput = z.input<typeof PresetsSchema>;
type Presets = z.output<typeof PresetsSchema>;

const fields = [
  'billingPrefs.hourlyRateDollars',
  'billingPrefs.defaultDueDays',
  'billingPrefs.defaultPriceId',
] as const;

export function EntitlementsCard({ client }: { client: User }) {
  const save = useClientChange(client._id, (body: object) => clientCalls.update(client._id, body));
  const { billingPrefs } = client;
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<PresetsInput, Presets>({
    resolver: zodResolver(PresetsSchema),
    fields,
    defaultValues: {
      entitlements: effectiveEntitlements(client),
      billingPrefs: {
        hourlyRateDollars: dollarsFromCents(billingPrefs.hourlyRateCents),
        defaultDueDays: billingPrefs.defaultDueDays?.toString() ?? '',
        defaultPriceId: billingPrefs.defaultPriceId ?? '',
      },
    },
    submit: async (values) => {
      // Only toggles the admin touched become the client's own setting; the others keep
      // following the plan, so a later plan change still applies to them.
      const changed = entitlementKeys.filter((key) => dirtyFields.entitlements?.[key]);
      const entitlements = Object.fromEntries(
        changed.map((key) => [key, values.entitlements[key]]),
      );
      await save.mutateAsync({
        ...(changed.length > 0 && { entitlements }),
        billingPrefs: values.billingPrefs,
      });
      return { title: 'Saved', text: 'Entitlements and billing presets updated.' };
    },
  });
  const { register } = form;
  const { isDirty, dirtyFields } = form.formState;

  const source = (key: EntitlementKey) => {
    if (dirtyFields.entitlements?.[key]) return 'Changed, not saved yet';
    return typeof client.entitlements[key] === 'boolean' ? 'Set for this client' : 'Plan default';
  };

  return (
    <SectionCard
      id="entitlements"
      title="Entitlements and billing presets"
      description="Features switched on or off for this client, whatever the plan gives, and the defaults used when billing them."
      className="lg:col-span-2"
    >
      <form onSubmit={onSubmit} noValidate>
        <fieldset
          disabled={isSubmitting}
          className="grid min-w-0 grid-cols-1 gap-8 lg:grid-cols-[3fr_2fr]"
        >
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">Entitlements</legend>
            <div className="mt-3 grid gap-x-8 gap-y-4 sm:grid-cols-2">
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
                  {...register(`entitlements.${key}`)}
                />
              ))}
            </div>
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="text-sm font-semibold text-slate-900">Billing presets</legend>
            <TextField
              label="Hourly rate (USD)"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              optional
              error={errors.billingPrefs?.hourlyRateDollars?.message}
              {...register('billingPrefs.hourlyRateDollars')}
            />
            <TextField
              label="Default due days"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              optional
              error={errors.billingPrefs?.defaultDueDays?.message}
              {...register('billingPrefs.defaultDueDays')}
            />
            <TextField
              label="Default price ID"
              optional
              error={errors.billingPrefs?.defaultPriceId?.message}
              {...register('billingPrefs.defaultPriceId')}
            />
          </fieldset>
        </fieldset>
        <FormFooter alert={alert}>
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? 'Saving…' : 'Save entitlements and presets'}
          </Button>
        </FormFooter>
      </form>
    </SectionCard>
  );
}
