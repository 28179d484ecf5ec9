import { contactApi } from '#shared/api/contact.ts';
import type { BodyOf } from '#shared/api/route.ts';
import { contactMessages, toSubmission } from '#shared/contact-options.ts';
import { ApiError } from '#web/lib/api.ts';
import { callApi } from '#web/lib/call-api.ts';
import { type ContactFailure, contactFields, noAnswerFailure } from './contact-failure.ts';
import type { ContactFormValues } from './contact-validation.ts';

// Sending an enquiry, loaded when the form is sent: the route carries zod and the api
// client comes with it, both of which the contact page's first download does without
// (docs/decisions/008-zod-lazy-on-public-pages.md).

/** Sends the enquiry: null once it is stored, else how the form shows the failure. */
export async function sendEnquiry(values: ContactFormValues): Promise<ContactFailure | null> {
  // The form passed its schema, so its required fields are there; toSubmission turns
  // option codes into labels and leaves out what is empty, which its type cannot say.
  const body = toSubmission(values) as BodyOf<typeof contactApi.send>;
  try {
    await callApi(contactApi.send, { body }, { auth: false });
    return null;
  } catch (error) {
    return describeContactFailure(error);
  }
}

export function describeContactFailure(error: unknown): ContactFailure {
  if (!(error instanceof ApiError)) return noAnswerFailure(error);
  const fields: ContactFailure['fields'] = {};
  for (const field of contactFields) {
    const message = error.errors[field];
    if (message) fields[field] = message;
  }
  if (Object.keys(fields).length > 0) return { fields, banner: null, detail: null };
  return { fields, banner: error.serverMessage ?? contactMessages.failed, detail: null };
}
