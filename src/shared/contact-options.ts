// The enquiry form's messages (SPEC §5, §8), option codes with their labels (SPEC §3,
// §5) and the conversion the page applies before sending. Plain data, no zod: the
// contact page renders these before the schema (contact.ts) is loaded.

import { paths } from './paths.ts';

type Options = Record<string, string>;

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

/** What the page sends: codes turned into labels, empties dropped, contractType removed. */
export function toSubmission(
  form: Partial<Record<string, string | undefined>> & { contractType?: string },
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

/**
 * Where the form sends the visitor when it was posted before the page hydrated: the
 * contact page with `?enquiry=sent` or `?enquiry=unsent`, which it shows once hydrated.
 */
export const contactOutcome = { param: 'enquiry', sent: 'sent', unsent: 'unsent' } as const;
export type ContactOutcome = typeof contactOutcome.sent | typeof contactOutcome.unsent;

export const contactOutcomePath = (outcome: ContactOutcome) =>
  `${paths.contact}?${contactOutcome.param}=${outcome}`;
