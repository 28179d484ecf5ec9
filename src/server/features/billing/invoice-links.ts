import type { TokenService } from '#server/auth/tokens.ts';

// Invoice PDF links open in a new tab, so they cannot carry the bearer header. Each link
// carries `sig`: a JWT signed with the server's key whose subject names the invoice and
// that expires in a day. It can never pass as a session: its subject is not a user id,
// so requireUser finds no user for it, and a session token never names an invoice.

const LINK_TTL_SECONDS = 24 * 60 * 60;
const subject = (invoiceId: string) => `invoice:${invoiceId}`;

export interface InvoiceLinks {
  pdfUrl(invoiceId: string): Promise<string>;
  verify(invoiceId: string, sig: string | undefined): Promise<boolean>;
}

export function createInvoiceLinks(tokens: TokenService, publicUrl: string): InvoiceLinks {
  return {
    async pdfUrl(invoiceId) {
      const sig = await tokens.sign({ sub: subject(invoiceId), tv: 0 }, LINK_TTL_SECONDS);
      return `${publicUrl}/api/invoices/${encodeURIComponent(invoiceId)}/pdf?sig=${sig}`;
    },
    async verify(invoiceId, sig) {
      if (!sig) return false;
      const claims = await tokens.verify(sig);
      return claims?.sub === subject(invoiceId) && !claims.imp;
    },
  };
}
