import type { TokenService } from '#server/auth/tokens.ts';

// Invoice PDF links open in a new tab, so they cannot carry the bearer header. Each link
// carries `sig`: a link token (auth/tokens.ts) whose subject names the invoice and that
// expires in a day. Link tokens and session tokens never pass for one another.

const LINK_TTL_SECONDS = 24 * 60 * 60;
const subject = (invoiceId: string) => `invoice:${invoiceId}`;

export interface InvoiceLinks {
  pdfUrl(invoiceId: string): Promise<string>;
  verify(invoiceId: string, sig: string | undefined): Promise<boolean>;
}

export function createInvoiceLinks(tokens: TokenService, publicUrl: string): InvoiceLinks {
  return {
    async pdfUrl(invoiceId) {
      const sig = await tokens.signLink(subject(invoiceId), LINK_TTL_SECONDS);
      return `${publicUrl}/api/invoices/${encodeURIComponent(invoiceId)}/pdf?sig=${sig}`;
    },
    async verify(invoiceId, sig) {
      return sig ? tokens.verifyLink(sig, subject(invoiceId)) : false;
    },
  };
}
