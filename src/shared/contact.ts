import { z } from 'zod';

// The project enquiry form (SPEC §3 Contact enquiry, §5 Contact form, §8). The page
// validates the form (option codes) with ContactFormSchema, converts codes to labels and
// sends; the server validates the same rules with ContactSubmissionSchema, which takes a
// label (or a code) for each option and stores the label.

export const contactMessages = {
  name: 'Name is required.',
  emailRequired: 'Email is required.',
  email: 'Please enter a valid email address.',
  interest: 'Please select an area of interest.',
  message: 'Please provide project details.',
  phone: 'Please enter a valid phone number.',
  website: 'Please enter a valid website URL.',
  fixErrors: 'Please fix the form errors',
  failed: 'Failed to submit form.',
  network:
    'There was an error sending your message. Please try again or contact us directly via email.',
  success: 'Message sent! Thank you for contacting us. We will get back to you soon.',
} as const;

export const interestOptions = {
  automation: 'Automation & AI Agents',
  web: 'Web Development',
  mobile: 'Mobile Applications',
  database: 'Database Solutions',
  api: 'API Development',
  custom: 'Custom Software',
  consulting: 'Technology Consulting',
  other: 'Other',
} as const;

export const budgetOptions = {
  small: 'Under $5,000',
  medium: '$5,000 - $25,000',
  large: '$25,000 - $100,000',
  enterprise: '$100,000+',
  undecided: 'Not sure yet',
} as const;

export const timelineOptions = {
  urgent: 'Urgent (ASAP)',
  short: '1-2 months',
  medium: '3-6 months',
  long: '6+ months',
  ongoing: 'Ongoing support',
  undecided: 'Not sure yet',
} as const;

export const teamSizeOptions = {
  solo: 'Solo entrepreneur',
  small: 'Small team (2-10)',
  medium: 'Medium team (11-50)',
  large: 'Large team (51-200)',
  enterprise: 'Enterprise (200+)',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** US-style 10 digits, optional +1 or +NN prefix, optional parentheses, separators . - or space. */
const PHONE = /^(\+\d{1,2}[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

export function isValidWebsite(value: string): boolean {
  const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return /^https?:$/.test(url.protocol) && url.hostname.includes('.') && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** Blank or whitespace-only counts as empty (SPEC §5). */
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

const textFields = {
  name: required(contactMessages.name, 120),
  email: required(contactMessages.emailRequired, 254).refine(
    (v) => v === '' || EMAIL.test(v),
    contactMessages.email,
  ),
  company: optional(160),
  phone: optional(40).refine((v) => !v || PHONE.test(v), contactMessages.phone),
  website: optional(300).refine((v) => !v || isValidWebsite(v), contactMessages.website),
  message: required(contactMessages.message, 5000),
  referral: optional(300),
};

type Options = Record<string, string>;
const codeOf = <T extends Options>(options: T) =>
  z.enum(Object.keys(options) as [keyof T & string, ...(keyof T & string)[]]);

/** The form as the page holds it: option codes, empty string for "not chosen". */
export const ContactFormSchema = z.object({
  ...textFields,
  interest: z.string().refine((v) => v in interestOptions, contactMessages.interest),
  budget: z.union([z.literal(''), codeOf(budgetOptions)]).optional(),
  timeline: z.union([z.literal(''), codeOf(timelineOptions)]).optional(),
  teamSize: z.union([z.literal(''), codeOf(teamSizeOptions)]).optional(),
});
export type ContactForm = z.input<typeof ContactFormSchema>;

/** Accepts a label or a code; yields the label. */
const label = <T extends Options>(options: T, message?: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v, ctx) => {
      const found = v in options ? options[v] : Object.values(options).find((l) => l === v);
      if (found) return found;
      ctx.addIssue({ code: 'custom', message: message ?? 'Choose one of the listed options' });
      return z.NEVER;
    });
const optionalLabel = <T extends Options>(options: T) =>
  z.union([z.literal('').transform(() => undefined), label(options)]).optional();

export const ContactSubmissionSchema = z.object({
  ...textFields,
  interest: label(interestOptions, contactMessages.interest),
  budget: optionalLabel(budgetOptions),
  timeline: optionalLabel(timelineOptions),
  teamSize: optionalLabel(teamSizeOptions),
});
export type ContactSubmission = z.output<typeof ContactSubmissionSchema>;

/** What the page sends: codes turned into labels, empties dropped, contractType removed. */
export function toSubmission(
  form: ContactForm & { contractType?: string },
): Record<string, string> {
  const { contractType: _removed, ...rest } = form;
  const labels: Record<string, Options> = {
    interest: interestOptions,
    budget: budgetOptions,
    timeline: timelineOptions,
    teamSize: teamSizeOptions,
  };
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(rest)) {
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (!value) continue;
    out[key] = labels[key]?.[value] ?? value;
  }
  return out;
}
