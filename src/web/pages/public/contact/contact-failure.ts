import { contactMessages } from '#shared/contact-options.ts';
import { ApiError } from '#web/lib/api.ts';

// How a failed enquiry is shown (SPEC §8 Contact form):
// - an answer with an errors object: each message under its field, no banner;
// - an answer with a message: the banner shows it;
// - an answer with neither: "Failed to submit form.";
// - no answer at all (network or other failure): the long fallback, which tells the
//   visitor what to do, with the error's own text as a detail when it has one.

export const contactFields = [
  'name',
  'email',
  'company',
  'phone',
  'website',
  'interest',
  'budget',
  'timeline',
  'teamSize',
  'message',
  'referral',
] as const;
export type ContactField = (typeof contactFields)[number];

export interface ContactFailure {
  fields: Partial<Record<ContactField, string>>;
  banner: string | null;
  detail: string | null;
}

export function describeContactFailure(error: unknown): ContactFailure {
  if (error instanceof ApiError) {
    const fields: ContactFailure['fields'] = {};
    for (const field of contactFields) {
      const message = error.errors[field];
      if (message) fields[field] = message;
    }
    if (Object.keys(fields).length > 0) return { fields, banner: null, detail: null };
    return { fields, banner: error.serverMessage ?? contactMessages.failed, detail: null };
  }
  const text = error instanceof Error ? error.message.trim() : '';
  return { fields: {}, banner: contactMessages.network, detail: text || null };
}
