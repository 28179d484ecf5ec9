import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import {
  type LegalDefaultField,
  type LegalDefaults,
  LegalDefaultsSchema,
  legalDefaultFields,
  legalDefaultOptions,
  numericFields,
} from '#shared/legal-defaults.ts';
import { Alert } from '#web/components/alert.tsx';
import { TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { useServerErrors } from '#web/lib/form-errors.ts';

// The organization defaults form (SPEC §3 Legal defaults), validated with the shared
// LegalDefaultsSchema as the server does: blanks are dropped, and a numeric zero or
// invalid value becomes empty (SPEC §5). Every field is text in the form so a half-typed
// number survives; the schema turns it into a number on submit. Self-contained, so the
// Settings page can use it too.

export type DefaultsFormValues = Record<LegalDefaultField, string>;

export const defaultLabels: Record<LegalDefaultField, string> = {
  providerName: 'Provider name',
  providerLegalEntity: 'Legal entity',
  providerAddress: 'Business address',
  providerSignatoryName: 'Signatory name',
  providerSignatoryTitle: 'Signatory title',
  supportEmail: 'Support email',
  supportPhone: 'Support phone',
  businessHours: 'Business hours',
  defaultHourlyRate: 'Hourly rate',
  defaultRetainerAmount: 'Retainer amount',
  defaultRetainerIncludedHours: 'Retainer included hours',
  defaultCurrency: 'Currency',
  defaultNetDays: 'Payment terms (net days)',
  defaultLateFeePercent: 'Late fee (% per month)',
  defaultConfidentialityMonths: 'Confidentiality (months)',
  defaultRetentionDays: 'Data retention (days)',
  defaultInsuranceMinimumUSD: 'Insurance minimum (USD)',
  defaultGoverningLaw: 'Governing law (state)',
  defaultJurisdictionCity: 'Venue city',
  defaultArbitrationProvider: 'Dispute resolution',
  defaultIpOwnership: 'IP ownership',
  defaultPaymentSuspensionDays: 'Suspension after (days overdue)',
  defaultTerminationNoticeDays: 'Termination notice (days)',
  defaultCurePeriodDays: 'Cure period (days)',
};

const groups: { legend: string; fields: LegalDefaultField[] }[] = [
  {
    legend: 'Your company',
    fields: [
      'providerName',
      'providerLegalEntity',
      'providerAddress',
      'providerSignatoryName',
      'providerSignatoryTitle',
    ],
  },
  { legend: 'Support', fields: ['supportEmail', 'supportPhone', 'businessHours'] },
  {
    legend: 'Fees and payment',
    fields: [
      'defaultHourlyRate',
      'defaultRetainerAmount',
      'defaultRetainerIncludedHours',
      'defaultCurrency',
      'defaultNetDays',
      'defaultLateFeePercent',
      'defaultPaymentSuspensionDays',
    ],
  },
  {
    legend: 'Terms',
    fields: [
      'defaultConfidentialityMonths',
      'defaultRetentionDays',
      'defaultInsuranceMinimumUSD',
      'defaultTerminationNoticeDays',
      'defaultCurePeriodDays',
      'defaultIpOwnership',
    ],
  },
  {
    legend: 'Disputes',
    fields: ['defaultGoverningLaw', 'defaultJurisdictionCity', 'defaultArbitrationProvider'],
  },
];

const numeric = new Set<string>(numericFields);
const selects = legalDefaultOptions as Partial<
  Record<LegalDefaultField, readonly { value: string; label: string }[]>
>;

/** The saved defaults as form text: absent fields are empty. */
export function formValuesOf(defaults: LegalDefaults): DefaultsFormValues {
  return Object.fromEntries(
    legalDefaultFields.map((field) => {
      const value = defaults[field];
      return [field, value === undefined || value === null ? '' : String(value)];
    }),
  ) as DefaultsFormValues;
}

export function DefaultsForm({
  id,
  defaults,
  onSave,
}: {
  /** The form's id, for a submit button outside it (a dialog footer). */
  id: string;
  defaults: LegalDefaults;
  /** Sends the cleaned defaults; a rejection shows the server's errors on the form. */
  onSave: (values: LegalDefaults) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<DefaultsFormValues, unknown, LegalDefaults>({
    // The schema takes any input (it normalises text to numbers); the form holds text.
    resolver: zodResolver(LegalDefaultsSchema) as unknown as Resolver<
      DefaultsFormValues,
      unknown,
      LegalDefaults
    >,
    defaultValues: formValuesOf(defaults),
  });
  const failure = useServerErrors(legalDefaultFields, { setError, setFocus, isSubmitting });

  const onSubmit = handleSubmit(async (values) => {
    failure.clear();
    try {
      await onSave(values);
    } catch (error) {
      failure.show(error);
    }
  });

  return (
    <form id={id} noValidate onSubmit={onSubmit} className="space-y-6">
      {groups.map((group) => (
        <fieldset key={group.legend} disabled={isSubmitting}>
          <legend className="mb-3 text-sm font-semibold text-slate-900">{group.legend}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {group.fields.map((field) => {
              const options = selects[field];
              const common = { label: defaultLabels[field], error: errors[field]?.message };
              return options ? (
                <SelectField
                  key={field}
                  {...common}
                  placeholder="Not set"
                  options={options}
                  {...register(field)}
                />
              ) : (
                <TextField
                  key={field}
                  {...common}
                  inputMode={numeric.has(field) ? 'decimal' : undefined}
                  type={field === 'supportEmail' ? 'email' : 'text'}
                  autoComplete="off"
                  {...register(field)}
                />
              );
            })}
          </div>
        </fieldset>
      ))}
      <p className="text-xs text-slate-600">
        Leave a field empty to use the template's own wording. A zero or a value that is not a
        number is saved as empty.
      </p>
      {failure.alert ? <Alert>{failure.alert}</Alert> : null}
    </form>
  );
}
