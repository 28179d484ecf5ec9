import { brand } from '#shared/brand.ts';
import type { FieldValue, MergeField } from '#shared/legal.ts';
import { legalDefaultOptions } from '#shared/legal-defaults.ts';
import { field } from './types.ts';

// Fields many templates share: the organization defaults (SPEC §3 Legal defaults, same
// names, so saved defaults pre-fill them) and the parties, project and dates. Text-like
// fields leave `input` out on purpose: the page guesses it from the name (SPEC §5).

const number = { input: 'number' } as const;
const currency = { input: 'currency' } as const;
const options = (list: readonly { value: string; label: string }[]) => ({
  input: 'select' as const,
  options: list.map((o) => ({ value: o.value, label: o.label })),
});

const list: MergeField[] = [
  // Provider (organization defaults)
  field('providerName', 'Provider name', 'Trading name of your company.', brand.name),
  field('providerLegalEntity', 'Provider legal entity', 'Registered legal name.', 'Example LLC'),
  field('providerAddress', 'Provider address', 'Registered business address.', '100 Main St'),
  field('providerSignatoryName', 'Provider signatory name', 'Who signs for you.', 'Jane Doe'),
  field('providerSignatoryTitle', 'Provider signatory title', 'Their title.', 'Managing Director'),
  field('supportEmail', 'Support email', 'Where clients send notices and requests.', brand.email),
  field('supportPhone', 'Support phone', 'Phone line for urgent issues.', brand.phone),
  field('businessHours', 'Business hours', 'When support is staffed.', 'Mon-Fri 8-5 CT'),
  field('defaultHourlyRate', 'Hourly rate', 'Rate for time and materials work.', '150', currency),
  field('defaultRetainerAmount', 'Retainer amount', 'Monthly retainer fee.', '2000', currency),
  field(
    'defaultRetainerIncludedHours',
    'Retainer included hours',
    'Hours included in the retainer each month.',
    '15',
    number,
  ),
  field(
    'defaultCurrency',
    'Currency',
    'Currency of all amounts.',
    '',
    options(legalDefaultOptions.defaultCurrency),
  ),
  field('defaultNetDays', 'Payment terms (net days)', 'Days to pay an invoice.', '30', number),
  field('defaultLateFeePercent', 'Late fee (% per month)', 'Interest on late sums.', '1.5', number),
  field(
    'defaultConfidentialityMonths',
    'Confidentiality period (months)',
    'How long confidentiality lasts after the agreement ends.',
    '36',
    number,
  ),
  field(
    'defaultRetentionDays',
    'Data retention (days)',
    'Days data is kept after termination before deletion.',
    '30',
    number,
  ),
  field(
    'defaultInsuranceMinimumUSD',
    'Insurance minimum',
    'Minimum professional liability cover.',
    '1000000',
    currency,
  ),
  field('defaultGoverningLaw', 'Governing law (state)', 'Law that governs.', 'Minnesota'),
  field('defaultJurisdictionCity', 'Venue city', 'Where disputes are heard.', 'Minneapolis'),
  field(
    'defaultArbitrationProvider',
    'Dispute resolution',
    'Arbitration provider, or None for the courts.',
    '',
    options(legalDefaultOptions.defaultArbitrationProvider),
  ),
  field(
    'defaultIpOwnership',
    'IP ownership',
    'Who owns the work product once paid for.',
    '',
    options(legalDefaultOptions.defaultIpOwnership),
  ),
  field(
    'defaultPaymentSuspensionDays',
    'Suspension after (days overdue)',
    'Days overdue before services may be suspended.',
    '15',
    number,
  ),
  field(
    'defaultTerminationNoticeDays',
    'Termination notice (days)',
    'Notice to end the agreement for convenience.',
    '30',
    number,
  ),
  field(
    'defaultCurePeriodDays',
    'Cure period (days)',
    'Days to fix a breach after notice.',
    '15',
    number,
  ),
  // Client, project and dates
  field('clientName', 'Client name', 'Client company as it should appear.', 'Acme Corp'),
  field('clientAddress', 'Client address', "Client's registered address.", '200 Oak Ave'),
  field('clientSignatoryName', 'Client signatory name', 'Who signs for the client.', 'John Roe'),
  field('clientSignatoryTitle', 'Client signatory title', 'Their title.', 'CEO'),
  field('projectName', 'Project name', 'Short name of the engagement.', 'Order sync'),
  field('effectiveDate', 'Effective date', 'Date the document takes effect.'),
  field('msaDate', 'MSA date', 'Date of the Master Services Agreement this relies on.', '', {
    input: 'date',
  }),
];

export const sharedFields: ReadonlyMap<string, MergeField> = new Map(list.map((f) => [f.name, f]));

/** Defaults every template starts from; saved organization defaults override them. */
export function baseDefaults(today: Date): Record<string, FieldValue> {
  return {
    providerName: brand.name,
    providerLegalEntity: `${brand.name} LLC`,
    supportEmail: brand.email,
    supportPhone: brand.phone,
    businessHours: 'Monday to Friday, 8:00 a.m. to 5:00 p.m. Central Time',
    defaultHourlyRate: 150,
    defaultRetainerAmount: 2000,
    defaultRetainerIncludedHours: 15,
    defaultCurrency: 'USD',
    defaultNetDays: 30,
    defaultLateFeePercent: 1.5,
    defaultConfidentialityMonths: 36,
    defaultRetentionDays: 30,
    defaultInsuranceMinimumUSD: 1_000_000,
    defaultGoverningLaw: 'Minnesota',
    defaultJurisdictionCity: 'Minneapolis',
    defaultArbitrationProvider: 'None',
    defaultIpOwnership: 'WorkForHireToClient',
    defaultPaymentSuspensionDays: 15,
    defaultTerminationNoticeDays: 30,
    defaultCurePeriodDays: 15,
    effectiveDate: today.toISOString().slice(0, 10),
  };
}

/** Dispute wording per SPEC §3 arbitration option; used by every agreement. */
export const disputeChoices: Record<string, string> = {
  None: 'exclusively in the state and federal courts located in {{defaultJurisdictionCity}}, {{defaultGoverningLaw}}, and each party consents to the personal jurisdiction of those courts',
  AAA: 'by final and binding arbitration administered by the American Arbitration Association under its Commercial Arbitration Rules, before a single arbitrator seated in {{defaultJurisdictionCity}}, {{defaultGoverningLaw}}; judgment on the award may be entered in any court of competent jurisdiction',
  JAMS: 'by final and binding arbitration administered by JAMS under its Comprehensive Arbitration Rules and Procedures, before a single arbitrator seated in {{defaultJurisdictionCity}}, {{defaultGoverningLaw}}; judgment on the award may be entered in any court of competent jurisdiction',
};

/** IP wording per SPEC §3 IP ownership option. */
export const ipChoices: Record<string, string> = {
  WorkForHireToClient:
    'Upon payment in full of the fees for each Deliverable, all right, title and interest in that Deliverable, including all intellectual property rights, vests in Client. To the extent any Deliverable is not a "work made for hire" under the U.S. Copyright Act, {{providerName}} hereby assigns it to Client effective upon such payment.',
  LicenseToClient:
    '{{providerName}} retains all right, title and interest in the Deliverables. Upon payment in full, {{providerName}} grants Client a perpetual, worldwide, non-exclusive, non-transferable, royalty-free licence to use, copy and modify the Deliverables for its internal business purposes.',
  Joint:
    'The Deliverables are jointly owned by the parties in equal undivided shares. Each party may use and exploit the Deliverables without the consent of, or any duty to account to, the other, except that neither party may grant an exclusive licence without the written consent of the other.',
};
