// The project enquiry form (SPEC §3 Contact enquiry, §5 Contact form, §8). The page
// validates the form (option codes) with ContactFormSchema, converts codes to labels and
// sends; the server validates the same rules with ContactSubmissionSchema, which takes a
// label (or a code) for each option and stores the label.

import { z } from 'zod';
import {
  budgetOptions,
  contactMessages,
  interestOptions,
  teamSizeOptions,
  timelineOptions,
} from './contact-options.ts';
import { singleLine } from './text.ts';

// The messages, option labels and the code-to-label conversion live in contact-options.ts
// (no zod), so the contact page can render its options without downloading zod.
export {
  budgetOptions,
  contactMessages,
  interestOptions,
  teamSizeOptions,
  timelineOptions,
  toSubmission,
} from './contact-options.ts';

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

/** Optional one-line text: a line break would forge lines in the enquiry e-mail. */
const optionalLine = (max: number, field: string) =>
  optional(max).refine((v) => !v || singleLine(field)[0](v), singleLine(field)[1]);

const textFields = {
  name: required(contactMessages.name, 120).refine(...singleLine('Name')),
  email: required(contactMessages.emailRequired, 254)
    .refine(...singleLine('Email'))
    .refine((v) => v === '' || EMAIL.test(v), contactMessages.email),
  company: optionalLine(160, 'Company'),
  phone: optionalLine(40, 'Phone').refine((v) => !v || PHONE.test(v), contactMessages.phone),
  website: optionalLine(300, 'Website').refine(
    (v) => !v || isValidWebsite(v),
    contactMessages.website,
  ),
  message: required(contactMessages.message, 5000),
  referral: optionalLine(300, 'Referral'),
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
