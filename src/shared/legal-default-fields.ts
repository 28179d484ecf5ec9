import {
  type LegalDefaultField,
  type LegalDefaults,
  legalDefaultFields,
  legalDefaultOptions,
} from './legal-defaults.ts';

// How the organization defaults (SPEC §3 Legal defaults) appear on the form: a label and
// input kind per field, grouped the way a person thinks about a contract. Every field of
// the shared schema appears exactly once (checked in legal-default-fields.test.ts).

export type FieldKind = 'text' | 'textarea' | 'email' | 'tel' | 'number' | 'select';

export interface DefaultFieldView {
  name: LegalDefaultField;
  label: string;
  kind: FieldKind;
  hint?: string;
  placeholder?: string;
  options?: readonly { value: string; label: string }[];
}

export interface DefaultsGroup {
  id: string;
  title: string;
  description: string;
  fields: DefaultFieldView[];
}

const number = (name: LegalDefaultField, label: string, hint?: string): DefaultFieldView => ({
  name,
  label,
  kind: 'number',
  hint,
});

export const defaultsGroups: DefaultsGroup[] = [
  {
    id: 'provider',
    title: 'Provider',
    description: 'Who the documents are from and who signs them.',
    fields: [
      { name: 'providerName', label: 'Provider name', kind: 'text' },
      {
        name: 'providerLegalEntity',
        label: 'Legal entity',
        kind: 'text',
        placeholder: 'e.g. a Minnesota limited liability company',
      },
      { name: 'providerAddress', label: 'Address', kind: 'textarea' },
      { name: 'providerSignatoryName', label: 'Signatory name', kind: 'text' },
      { name: 'providerSignatoryTitle', label: 'Signatory title', kind: 'text' },
    ],
  },
  {
    id: 'support',
    title: 'Support',
    description: 'How clients reach you.',
    fields: [
      { name: 'supportEmail', label: 'Support email', kind: 'email' },
      { name: 'supportPhone', label: 'Support phone', kind: 'tel' },
      {
        name: 'businessHours',
        label: 'Business hours',
        kind: 'text',
        placeholder: 'e.g. Mon–Fri, 9 am–5 pm CT',
      },
    ],
  },
  {
    id: 'money',
    title: 'Money',
    description: 'Rates and payment terms. Leave a number empty (or 0) for no default.',
    fields: [
      {
        name: 'defaultCurrency',
        label: 'Currency',
        kind: 'select',
        options: legalDefaultOptions.defaultCurrency,
      },
      number('defaultHourlyRate', 'Hourly rate'),
      number('defaultRetainerAmount', 'Retainer amount'),
      number('defaultRetainerIncludedHours', 'Hours included in the retainer'),
      number('defaultNetDays', 'Payment terms (net days)'),
      number('defaultLateFeePercent', 'Late fee (%)'),
      number('defaultPaymentSuspensionDays', 'Suspend service after (days overdue)'),
      number('defaultInsuranceMinimumUSD', 'Minimum insurance (USD)'),
    ],
  },
  {
    id: 'terms',
    title: 'Terms',
    description: 'Law, disputes, ownership and the periods contracts run on.',
    fields: [
      {
        name: 'defaultGoverningLaw',
        label: 'Governing law',
        kind: 'text',
        placeholder: 'e.g. State of Minnesota',
      },
      { name: 'defaultJurisdictionCity', label: 'Jurisdiction city', kind: 'text' },
      {
        name: 'defaultArbitrationProvider',
        label: 'Arbitration',
        kind: 'select',
        options: legalDefaultOptions.defaultArbitrationProvider,
      },
      {
        name: 'defaultIpOwnership',
        label: 'IP ownership',
        kind: 'select',
        options: legalDefaultOptions.defaultIpOwnership,
      },
      number('defaultConfidentialityMonths', 'Confidentiality period (months)'),
      number('defaultRetentionDays', 'Record retention (days)'),
      number('defaultTerminationNoticeDays', 'Termination notice (days)'),
      number('defaultCurePeriodDays', 'Cure period (days)'),
    ],
  },
];

/** The form holds every field as text; empty means "not set". */
export type DefaultsFormValues = Record<LegalDefaultField, string>;

export function toFormValues(defaults: LegalDefaults): DefaultsFormValues {
  const values = {} as DefaultsFormValues;
  for (const name of legalDefaultFields) {
    const value = defaults[name];
    values[name] = value === undefined || value === null ? '' : String(value);
  }
  return values;
}
