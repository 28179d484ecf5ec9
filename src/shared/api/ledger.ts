import { z } from 'zod';
import { ErrorSchema } from '../answers.ts';
import { InvoicingResultSchema, invoicingMessages } from '../invoicing.ts';
import {
  CreditNoteBodySchema,
  EndPlanSchema,
  InvoiceDetailsBodySchema,
  InvoiceDetailsSchema,
  ledgerMessages,
  ReversePaymentSchema,
} from '../ledger-actions.ts';
import { IdParamsSchema } from './params.ts';
import { defineRoute } from './route.ts';

// The admin's corrections to the books of local billing (docs/decisions/028-the-books.md):
// credit notes, reversed payments, a plan ended at once, and the client's sales tax and
// billing address. With another billing provider these answer 409.

const books = { audience: 'admin', tags: ['admin: invoicing'] } as const;
const refused = { 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const InvoiceParamsSchema = IdParamsSchema.extend({
  invoiceId: z.uuid({ error: invoicingMessages.invoiceNotFound }),
});
const PaymentParamsSchema = InvoiceParamsSchema.extend({
  paymentId: z.uuid({ error: ledgerMessages.paymentNotFound }),
});

export const ledgerApi = {
  creditNote: defineRoute({
    method: 'POST',
    path: '/api/admin/billing/:id/invoices/:invoiceId/credit-notes',
    ...books,
    summary: 'Issue a credit note against an invoice; on a paid one it becomes account credit',
    params: InvoiceParamsSchema,
    body: CreditNoteBodySchema,
    responses: { 200: InvoicingResultSchema, ...refused },
  }),
  reversePayment: defineRoute({
    method: 'POST',
    path: '/api/admin/billing/:id/invoices/:invoiceId/payments/:paymentId/reverse',
    ...books,
    summary: 'Reverse a recorded payment (bounced ACH, returned check): the invoice is due again',
    params: PaymentParamsSchema,
    body: ReversePaymentSchema,
    responses: { 200: InvoicingResultSchema, ...refused },
  }),
  endPlan: defineRoute({
    method: 'POST',
    path: '/api/admin/billing/:id/end-plan',
    ...books,
    summary: 'End the plan now, optionally crediting the unused part of the paid period',
    params: IdParamsSchema,
    body: EndPlanSchema,
    responses: { 200: InvoicingResultSchema, ...refused },
  }),
  invoiceDetails: defineRoute({
    method: 'GET',
    path: '/api/admin/billing/:id/invoice-details',
    ...books,
    summary: "The client's sales tax rate and billing address",
    params: IdParamsSchema,
    responses: { 200: InvoiceDetailsSchema, ...refused },
  }),
  saveInvoiceDetails: defineRoute({
    method: 'PUT',
    path: '/api/admin/billing/:id/invoice-details',
    ...books,
    summary: "Set the client's sales tax rate (exempt when empty) and billing address",
    params: IdParamsSchema,
    body: InvoiceDetailsBodySchema,
    responses: { 200: InvoiceDetailsSchema, ...refused },
  }),
};
