import { paths } from './paths.ts';

// A client asking about a failed run: the portal links to the enquiry form with the run's
// id, and the form starts the message with it, so the consultancy finds the run at once.
// Zod-free: the contact page reads it before any schema loads.

export const RUN_ENQUIRY_PARAM = 'run';

/** Run ids are UUIDs; anything else in the address is ignored rather than typed in. */
const RUN_ID = /^[0-9a-f-]{8,64}$/i;

export const runEnquiryHref = (runId: string) =>
  `${paths.contact}?${new URLSearchParams({ [RUN_ENQUIRY_PARAM]: runId })}`;

/** The message the form starts with for `?run=<id>`, or null without a run id. */
export function runEnquiryMessage(search: string): string | null {
  const runId = new URLSearchParams(search).get(RUN_ENQUIRY_PARAM);
  if (!runId || !RUN_ID.test(runId)) return null;
  return `A run of my workflow failed (run id ${runId}). Could you look into it?\n\n`;
}
