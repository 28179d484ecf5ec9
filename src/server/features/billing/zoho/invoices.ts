import type { UserRow } from '#server/db/schema.ts';
import type { BillingProvider } from '../provider.ts';
import type { ZohoContext } from './context.ts';
import { dateFromZoho, invoiceStatusFromZoho, toCents } from './mapping.ts';

// Zoho's invoices, listed live: their PDF through this server's signed links, their
// payment on Zoho's hosted invoice page.

type Invoicing = Pick<BillingProvider, 'listInvoices' | 'ownsInvoice' | 'invoicePdf'>;

export function zohoInvoicing(ctx: ZohoContext): Invoicing {
  const { zoho, links, upstream } = ctx;

  async function zohoInvoices(owner: UserRow) {
    const customerId = owner.zohoSubscriptionsCustomerId;
    if (!customerId) return [];
    return upstream('list invoices', () => zoho.listInvoices(customerId));
  }

  return {
    async listInvoices(owner, acting) {
      return Promise.all(
        (await zohoInvoices(owner)).map(async (invoice) => {
          const status = invoiceStatusFromZoho(invoice);
          return {
            id: invoice.invoice_id,
            number: invoice.number,
            date: (dateFromZoho(invoice.invoice_date) ?? new Date(0)).toISOString(),
            status,
            amount: toCents(invoice.total),
            description: `Invoice ${invoice.number}`,
            dueDate: dateFromZoho(invoice.due_date)?.toISOString() ?? null,
            pdfUrl: await links.pdfUrl(invoice.invoice_id),
            // Zoho's hosted invoice page takes the payment: never offered to a test session.
            paymentUrl:
              status === 'unpaid' && !acting.impersonatorId ? (invoice.invoice_url ?? null) : null,
          };
        }),
      );
    },

    ownsInvoice: async (owner, invoiceId) =>
      (await zohoInvoices(owner)).some((invoice) => invoice.invoice_id === invoiceId),

    async invoicePdf(invoiceId) {
      const pdf = await upstream('invoice PDF', () => zoho.invoicePdf(invoiceId));
      return pdf ? { filename: `invoice-${invoiceId}.pdf`, pdf } : null;
    },
  };
}
