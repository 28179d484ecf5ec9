import { billingMessages } from '#shared/billing.ts';
import { toast } from '#web/lib/toast.ts';

// Notices shared by the portal's process and scheduler screens (SPEC §8 Portal).

/** What the server said: the message of a JSON error body, else the body itself. */
export function answerText(body: string): string {
  const raw = body.trim();
  try {
    const data: unknown = JSON.parse(raw);
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string')
      return data.message;
  } catch {
    // not JSON: the body is the answer
  }
  return raw;
}

/** "Status {code}: " plus the first `length` characters of the answer (SPEC §8, §9). */
export const statusLine = (status: number, body: string, length: number) =>
  `Status ${status}: ${answerText(body).slice(0, length)}`;

export const TRIGGER_SNIPPET = 120;
export const SCHEDULE_SNIPPET = 200;

/** 402: the subscription is inactive; the caller then navigates to /billing. */
export const notifyInactiveSubscription = () =>
  toast({ title: billingMessages.inactiveTitle, text: billingMessages.inactive, tone: 'error' });

export const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The request did not complete.';
