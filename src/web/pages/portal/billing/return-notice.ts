import { payRedirects } from '#shared/billing-api.ts';

// The billing pages send the browser back to /billing with a query saying what happened
// (payRedirects). Each maps to the notice shown on arrival.

export interface ReturnNotice {
  /** The query parameter to drop from the address once shown. */
  param: string;
  title: string;
  text: string;
}

const notices: Record<string, Omit<ReturnNotice, 'param'>> = {
  [payRedirects.checkout]: {
    title: 'Subscription active',
    text: 'Thank you! Your payment was received and your plan is active.',
  },
  [payRedirects.changed]: {
    title: 'Plan changed',
    text: 'Your new plan is active.',
  },
  [payRedirects.invoiced]: {
    title: 'Invoice issued',
    text: 'Your new plan starts as soon as the invoice is paid. It is listed below with how to pay it.',
  },
  [payRedirects.cancelled]: {
    title: 'Subscription cancelled',
    text: 'Your subscription is cancelled. You can choose a plan again at any time.',
  },
  [payRedirects.ending]: {
    title: 'Plan ends with its period',
    text: 'Your plan runs until the end of the period you paid for, then ends. You can undo this from the billing portal until then.',
  },
  [payRedirects.resumed]: {
    title: 'Plan goes on',
    text: 'Your cancellation is undone: your plan renews as before.',
  },
  [payRedirects.scheduled]: {
    title: 'Plan change scheduled',
    text: 'Your new plan takes over when the current one renews; until then your current plan runs on.',
  },
  [payRedirects.paid]: {
    title: 'Payment received',
    text: 'Thank you! Your invoice is paid.',
  },
};

/** The notice for the query of a return to /billing, or null for an ordinary visit. */
export function returnNoticeFor(search: URLSearchParams): ReturnNotice | null {
  for (const [redirect, notice] of Object.entries(notices)) {
    const [, query = ''] = redirect.split('?');
    const [param = '', value] = query.split('=');
    if (param && search.get(param) === value) return { param, ...notice };
  }
  return null;
}
