import { queryOptions } from '@tanstack/react-query';
import { ledgerApi } from '#shared/api/ledger.ts';
import type { BodyOf } from '#shared/api/route.ts';
import { callApi } from '#web/lib/call-api.ts';

// The admin's corrections to the books (local billing): credit notes, reversed payments,
// ending a plan at once, the client's sales tax and billing address.

export const invoiceDetailsKey = (id: string) =>
  ['admin', 'billing', id, 'invoice-details'] as const;

export const invoiceDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: invoiceDetailsKey(id),
    queryFn: ({ signal }) => callApi(ledgerApi.invoiceDetails, { params: { id } }, { signal }),
    retry: false,
  });

type Body<K extends keyof typeof ledgerApi> = BodyOf<(typeof ledgerApi)[K]>;

export const ledgerCalls = {
  creditNote: (id: string, invoiceId: string, body: Body<'creditNote'>) =>
    callApi(ledgerApi.creditNote, { params: { id, invoiceId }, body }),
  reversePayment: (
    id: string,
    invoiceId: string,
    paymentId: string,
    body: Body<'reversePayment'>,
  ) => callApi(ledgerApi.reversePayment, { params: { id, invoiceId, paymentId }, body }),
  endPlan: (id: string, body: Body<'endPlan'>) =>
    callApi(ledgerApi.endPlan, { params: { id }, body }),
  saveInvoiceDetails: (id: string, body: Body<'saveInvoiceDetails'>) =>
    callApi(ledgerApi.saveInvoiceDetails, { params: { id }, body }),
};
