import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { seedPackages } from '#server/db/seed/packages.ts';
import { payNewestInvoice } from '#test/support/billing.ts';
import { build } from '#test/support/test-app.ts';
import { startBanner } from './start-banner.ts';

// Links in mail and on invoices use the address the start banner prints: were they to
// name another (localhost for 127.0.0.1), the browser would open them on another origin
// without the session, and a client's own invoice would look signed out.

const PORT = 4123;
const config = loadConfig({ HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'silent' });
const t = await build({ config });
await seedPackages(t.deps.database.db);
const bannerAddress = /Open {7}(\S+)\n/.exec(
  startBanner({ config, port: PORT, firstAdmin: null }),
)?.[1];

/** The link starts with the banner's address and this path. */
function startsAt(link: string, path: string) {
  expect(link.startsWith(`${bannerAddress}${path}`), link).toBe(true);
}

describe('the address in links, PUBLIC_URL unset and HOST=127.0.0.1', () => {
  it('is the one the start banner prints', () => {
    expect(bannerAddress).toBe(`http://127.0.0.1:${PORT}`);
    expect(config.publicUrl).toBe(bannerAddress);
  });

  it('starts a reset link and an invoice link', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    const { token, user } = await t.registerClient();
    const reset = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/clients/${user._id}/reset-link`,
    });
    expect(reset.statusCode).toBe(200);
    startsAt(reset.json().resetLink, '/reset-password');

    const selected = await t.injectAs(token, {
      method: 'POST',
      url: '/api/zoho/select-package',
      payload: { packageId: 'basic-monthly' },
    });
    startsAt(selected.json().checkoutUrl, '/pay/invoice/');
    await payNewestInvoice(t, admin.token, user._id);
    const [invoice] = (
      await t.injectAs(token, { method: 'GET', url: '/api/zoho/invoices' })
    ).json();
    startsAt(invoice.pdfUrl, '/api/invoices/');
  });
});
