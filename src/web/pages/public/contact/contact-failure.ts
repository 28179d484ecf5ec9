import { contactMessages } from '#shared/contact-options.ts';

// How a failed enquiry is shown (SPEC §8 Contact form):
// - an answer with an errors object: each message under its field, no banner;
// - an answer with a message: the banner shows it;
// - an answer with neither: "Failed to submit form.";
// - no answer at all (network or other failure): the long fallback, which tells the
//   visitor what to do, with the error's own text as a detail when it has one.
// Reading an answer needs the api client, which comes with the call (contact-api.ts); this
// file is what the page needs before that.

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

/** No answer came (offline, or the call's own script did not load). */
export function noAnswerFailure(error: unknown): ContactFailure {
  const text = error instanceof Error ? error.message.trim() : '';
  return { fields: {}, banner: contactMessages.network, detail: text || null };
}
