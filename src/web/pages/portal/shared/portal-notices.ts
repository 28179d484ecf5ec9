import { billingMessages } from '#shared/billing.ts';
import { toast } from '#web/lib/toast.ts';

// Notices shared by the portal's process and scheduler screens (SPEC §8 Portal); the
// texts of failed requests come from #web/lib/failure-text.ts.

/** 402: the subscription is inactive; the caller then navigates to /billing. */
export const notifyInactiveSubscription = () =>
  toast({ title: billingMessages.inactiveTitle, text: billingMessages.inactive, tone: 'error' });
