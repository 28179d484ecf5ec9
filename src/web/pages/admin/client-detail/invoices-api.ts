import { queryOptions } from '@tanstack/react-query';
import { billingApi } from '#shared/api/billing.ts';
import type { BodyOf } from '#shared/api/route.ts';
import { callApi } from '#web/lib/call-api.ts';

// Admin invoicing calls (local billing): a client's invoices and payments, recording a
// payment, granting a trial, billing hours.

export const invoiceKeys = {
  client: (id: string) => ['admin', 'billing', id, 'invoices'] as const,
};

export const adminInvoicesQuery = (id: string) =>
  queryOptions({
    queryKey: invoiceKeys.client(id),
    queryFn: ({ signal }) => callApi(billingApi.adminInvoices, { params: { id } }, { signal }),
    // 409: another billing provider keeps the money; asking again does not help.
    retry: false,
  });

export const invoicingCalls = {
  recordPayment: (id: string, invoiceId: string, body: BodyOf<typeof billingApi.recordPayment>) =>
    callApi(billingApi.recordPayment, { params: { id, invoiceId }, body }),
  voidInvoice: (id: string, invoiceId: string, body: BodyOf<typeof billingApi.voidInvoice>) =>
    callApi(billingApi.voidInvoice, { params: { id, invoiceId }, body }),
  grantTrial: (id: string, body: BodyOf<typeof billingApi.grantTrial>) =>
    callApi(billingApi.grantTrial, { params: { id }, body }),
  billHours: (id: string, body: BodyOf<typeof billingApi.billHours>) =>
    callApi(billingApi.billHours, { params: { id }, body }),
};
