import { queryOptions } from '@tanstack/react-query';
import type { AdminInvoices } from '#shared/admin-invoices.ts';
import type {
  BillHoursInput,
  GrantTrialInput,
  InvoicingResult,
  RecordPaymentInput,
} from '#shared/invoicing.ts';
import { api } from '#web/lib/api.ts';

// Admin invoicing calls (local billing): a client's invoices and payments, recording a
// payment, granting a trial, billing hours.

const base = (id: string) => `/api/admin/billing/${encodeURIComponent(id)}`;

export const invoiceKeys = {
  client: (id: string) => ['admin', 'billing', id, 'invoices'] as const,
};

export const adminInvoicesQuery = (id: string) =>
  queryOptions({
    queryKey: invoiceKeys.client(id),
    queryFn: ({ signal }) => api.get<AdminInvoices>(`${base(id)}/invoices`, { signal }),
    // 409: another billing provider keeps the money; asking again does not help.
    retry: false,
  });

export const invoicingCalls = {
  recordPayment: (id: string, invoiceId: string, body: RecordPaymentInput) =>
    api.post<InvoicingResult>(
      `${base(id)}/invoices/${encodeURIComponent(invoiceId)}/payments`,
      body,
    ),
  grantTrial: (id: string, body: GrantTrialInput) =>
    api.post<InvoicingResult>(`${base(id)}/trial`, body),
  billHours: (id: string, body: BillHoursInput) =>
    api.post<InvoicingResult>(`${base(id)}/invoices`, body),
};
