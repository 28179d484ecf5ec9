import { isStripeError } from '#server/integrations/stripe/client.ts';
import type { StripeContext } from './context.ts';

// A client has at most one Checkout Session open: each open one can start a subscription,
// so two packages chosen one after the other could both be paid (two plans, two charges).
// Making a session expires the others, and closing the account expires them all.

/** Stripe refuses to expire a session that is no longer open (paid, or expired already). */
const noLongerOpen = (error: unknown) =>
  isStripeError(error) && error.statusCode === 400 && error.rawType === 'invalid_request_error';

/** Expires one session; false when it was no longer open. */
export async function expireSession(ctx: StripeContext, sessionId: string): Promise<boolean> {
  return ctx.upstream('expire checkout session', async () => {
    try {
      await ctx.stripe.checkout.sessions.expire(sessionId);
      return true;
    } catch (error) {
      if (noLongerOpen(error)) return false;
      throw error;
    }
  });
}

/** Expires every open Checkout Session of the customer but `keep`; the ids it expired. */
export async function expireOpenSessions(
  ctx: StripeContext,
  customer: string,
  keep?: string,
): Promise<string[]> {
  const open = await ctx.upstream('list checkout sessions', async () => {
    const ids: string[] = [];
    const listed = ctx.stripe.checkout.sessions.list({ customer, status: 'open', limit: 100 });
    for await (const session of listed) if (session.id !== keep) ids.push(session.id);
    return ids;
  });
  const expired: string[] = [];
  for (const id of open) if (await expireSession(ctx, id)) expired.push(id);
  return expired;
}
