import { z } from 'zod';
import { singleLine } from './text.ts';

// Organization defaults for legal documents (SPEC §3 Legal defaults). The Settings page
// and PUT /api/legal/defaults validate with LegalDefaultsSchema. Empty means "not set":
// blank text, an unchosen option, and a numeric zero or invalid value (SPEC §5) are all
// dropped, so the stored object only holds what was filled in.

export const currencies = ['USD', 'EUR', 'GBP', 'CAD'] as const;
export const arbitrationProviders = ['None', 'AAA', 'JAMS'] as const;
export const ipOwnershipOptions = ['WorkForHireToClient', 'LicenseToClient', 'Joint'] as const;

/** Options for the page's selects, in the spec's order. */
export const legalDefaultOptions = {
  defaultCurrency: currencies.map((value) => ({ value, label: value })),
  defaultArbitrationProvider: arbitrationProviders.map((value) => ({
    value,
    label: value === 'None' ? 'None (courts)' : value,
  })),
  defaultIpOwnership: [
    { value: 'WorkForHireToClient', label: 'Work for hire (client owns)' },
    { value: 'LicenseToClient', label: 'Licence to client (provider owns)' },
    { value: 'Joint', label: 'Joint ownership' },
  ],
} as const satisfies Record<string, readonly { value: string; label: string }[]>;

export const legalDefaultsMessages = {
  saved: 'Organization defaults saved.',
  supportEmail: 'Please enter a valid email address.',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  option: (options: readonly string[]) => `Choose one of ${options.join(', ')}.`,
  ownerOrAdmin: 'Only the account owner or a team admin can change organization defaults.',
} as const;

export const textFields = [
  'providerName',
  'providerLegalEntity',
  'providerAddress',
  'providerSignatoryName',
  'providerSignatoryTitle',
  'supportEmail',
  'supportPhone',
  'businessHours',
  'defaultGoverningLaw',
  'defaultJurisdictionCity',
] as const;

export const numericFields = [
  'defaultHourlyRate',
  'defaultRetainerAmount',
  'defaultRetainerIncludedHours',
  'defaultNetDays',
  'defaultLateFeePercent',
  'defaultConfidentialityMonths',
  'defaultRetentionDays',
  'defaultInsuranceMinimumUSD',
  'defaultPaymentSuspensionDays',
  'defaultTerminationNoticeDays',
  'defaultCurePeriodDays',
] as const;

export const selectFields = [
  'defaultCurrency',
  'defaultArbitrationProvider',
  'defaultIpOwnership',
] as const;

/** Every field of SPEC §3 Legal defaults, in the spec's order, for the form. */
export const legalDefaultFields = [
  'providerName',
  'providerLegalEntity',
  'providerAddress',
  'providerSignatoryName',
  'providerSignatoryTitle',
  'supportEmail',
  'supportPhone',
  'businessHours',
  'defaultHourlyRate',
  'defaultRetainerAmount',
  'defaultRetainerIncludedHours',
  'defaultCurrency',
  'defaultNetDays',
  'defaultLateFeePercent',
  'defaultConfidentialityMonths',
  'defaultRetentionDays',
  'defaultInsuranceMinimumUSD',
  'defaultGoverningLaw',
  'defaultJurisdictionCity',
  'defaultArbitrationProvider',
  'defaultIpOwnership',
  'defaultPaymentSuspensionDays',
  'defaultTerminationNoticeDays',
  'defaultCurePeriodDays',
] as const;
export type LegalDefaultField = (typeof legalDefaultFields)[number];

/** Larger than any real rate, amount or period; anything above it is a typo. */
const NUMERIC_MAX = 1_000_000_000;

/**
 * A numeric default as a number, or null when empty: zero, negative, non-numeric and
 * absurd values become empty (SPEC §5). Accepts numbers and strings such as "1,500".
 */
export function normaliseNumeric(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const text = value.trim().replaceAll(',', '');
    if (text === '') return null;
    n = Number(text);
  } else return null;
  if (!Number.isFinite(n) || n <= 0 || n > NUMERIC_MAX) return null;
  return n;
}

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

const text = (max: number) =>
  z.preprocess(
    blankToUndefined,
    z.string().trim().max(max, legalDefaultsMessages.tooLong(max)).optional(),
  );

/** A name, title or phone: one line, as it is merged into headings and signature blocks. */
const line = (max: number, field: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(max, legalDefaultsMessages.tooLong(max))
      .refine(...singleLine(field))
      .optional(),
  );

const numeric = z.preprocess(
  (v) => normaliseNumeric(v) ?? undefined,
  z.number().positive().optional(),
);

const option = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    blankToUndefined,
    z.enum(values, { error: legalDefaultsMessages.option(values) }).optional(),
  );

export const LegalDefaultsSchema = z.object({
  providerName: line(200, 'Provider name'),
  providerLegalEntity: line(200, 'Legal entity'),
  providerAddress: text(500),
  providerSignatoryName: line(200, 'Signatory name'),
  providerSignatoryTitle: line(200, 'Signatory title'),
  supportEmail: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(254, legalDefaultsMessages.supportEmail)
      .refine(...singleLine('Support email'))
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, legalDefaultsMessages.supportEmail)
      .optional(),
  ),
  supportPhone: line(50, 'Support phone'),
  businessHours: line(200, 'Business hours'),
  defaultHourlyRate: numeric,
  defaultRetainerAmount: numeric,
  defaultRetainerIncludedHours: numeric,
  defaultCurrency: option(currencies),
  defaultNetDays: numeric,
  defaultLateFeePercent: numeric,
  defaultConfidentialityMonths: numeric,
  defaultRetentionDays: numeric,
  defaultInsuranceMinimumUSD: numeric,
  defaultGoverningLaw: line(200, 'Governing law'),
  defaultJurisdictionCity: line(200, 'Jurisdiction city'),
  defaultArbitrationProvider: option(arbitrationProviders),
  defaultIpOwnership: option(ipOwnershipOptions),
  defaultPaymentSuspensionDays: numeric,
  defaultTerminationNoticeDays: numeric,
  defaultCurePeriodDays: numeric,
});

export type LegalDefaultsInput = z.input<typeof LegalDefaultsSchema>;
export type LegalDefaults = z.output<typeof LegalDefaultsSchema>;

/** The defaults as the API answers them: only the fields that are set (no transforms). */
export const LegalDefaultsJsonSchema = z.object({
  ...Object.fromEntries(textFields.map((k) => [k, z.string().optional()])),
  ...Object.fromEntries(numericFields.map((k) => [k, z.number().optional()])),
  defaultCurrency: z.enum(currencies).optional(),
  defaultArbitrationProvider: z.enum(arbitrationProviders).optional(),
  defaultIpOwnership: z.enum(ipOwnershipOptions).optional(),
}) as unknown as z.ZodType<LegalDefaults>;

/** PUT /api/legal/defaults: the defaults as saved, and a confirmation. */
export const LegalDefaultsSavedSchema = z.object({
  message: z.string(),
  defaults: LegalDefaultsJsonSchema,
});
export type LegalDefaultsSaved = z.infer<typeof LegalDefaultsSavedSchema>;

/** Drops the keys whose value is empty, so the stored and sent object holds only values. */
export function compactDefaults(values: LegalDefaults): LegalDefaults {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined),
  ) as LegalDefaults;
}
