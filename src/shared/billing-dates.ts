import { dayKeyIn, zoneName } from './dates.ts';

// Billing counts and shows its days in one zone (BILLING_TIME_ZONE, default Central
// Time), so the invoice PDF, the mails, the pay pages and Billing all name the same day
// for an instant near midnight: `formatDate(x, zone)`. The server sends the zone with the
// billing answers the web reads (`billingTimeZone`).

/** Today's day key (YYYY-MM-DD) in the billing zone: the latest day a payment may carry. */
export const billingToday = (timeZone: string, now = new Date()) => dayKeyIn(now, timeZone);

/** Said once where billing dates are shown: "Dates in Central Time." */
export const billingZoneNote = (timeZone: string) => `Dates in ${zoneName(timeZone)}.`;
