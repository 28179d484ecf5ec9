import { ledgerMessages } from '#shared/ledger-actions.ts';
import { invoicesSection, subscribe, subscriptionCard } from './billing-helpers.ts';
import { createClientAccount, expect, loginAdmin, openSignedIn, test } from './fixtures.ts';

// The books an admin keeps for a client on local billing (docs/decisions/028): a credit
// note, a reversed payment, the client's sales tax and address, and ending a plan at once;
// the client reads the credit note and the reversal with the invoice.

// A credit note over what the invoice holds is refused by the server (400), as it should be.
test.use({ allowConsoleErrors: [/status of 400/] });

test('an admin credits part of a paid invoice, reverses its payment, sets tax, and ends the plan', async ({
  page,
  request,
  browser,
}) => {
  const client = await createClientAccount(request, 'Lena Ledger');
  await subscribe(request, client, 'basic-monthly');
  await openSignedIn(page, await loginAdmin(request), `/admin/clients/${client.user._id}#billing`);
  const card = page.getByRole('region', { name: 'Invoices and payments' });
  // The number as the row starts it ("INV-000123" then its status badge).
  const first =
    (await card
      .getByText(/^INV-\d{6}/)
      .first()
      .textContent()) ?? '';
  const number = first.match(/INV-\d{6}/)?.[0] ?? '';

  // A credit note on a paid invoice becomes account credit.
  await card.getByRole('button', { name: `Credit note for ${number}` }).click();
  const credit = page.getByRole('dialog', { name: `Credit note for ${number}` });
  await credit.getByLabel('Amount (USD)').fill('40');
  await credit.getByLabel('Reason').fill('Outage on Nov 3');
  await credit.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(credit.getByText(ledgerMessages.creditOver('$29.00'))).toBeVisible();
  await credit.getByLabel('Amount (USD)').fill('5');
  await credit.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(page.getByRole('status').getByText(/^Credit note CN-\d{6} issued\.$/)).toBeVisible();
  await expect(card.getByText(/Credit note CN-\d{6}: \$5\.00 · Outage on Nov 3/)).toBeVisible();
  await expect(
    card.getByText(/Account credit: \$5\.00, spent on the next invoices\./),
  ).toBeVisible();

  // The ACH came back: the invoice asks for its money again.
  await card.getByRole('button', { name: `Reverse the payment of $29.00 on ${number}` }).click();
  const reverse = page.getByRole('dialog', { name: `Reverse $29.00 on ${number}?` });
  await reverse.getByLabel('Reason').fill('ACH returned: account closed');
  await reverse.getByRole('button', { name: 'Reverse payment' }).click();
  // The credit note's $5.00 came from that payment and is unspent: it goes back with it.
  // The notice's text leaves out the title it would repeat ("Payment reversed.").
  const reversed = page.getByRole('status');
  await expect(reversed.getByText('Payment reversed', { exact: true })).toBeVisible();
  await expect(reversed.getByText(`${number} is open again with $24.00 due.`)).toBeVisible();
  await expect(card.getByText(/Reversed .*: ACH returned: account closed/)).toBeVisible();
  await expect(card.getByText('$24.00 due')).toBeVisible();

  // The client reads both on the invoice list.
  const clientPage = await browser.newPage();
  await openSignedIn(clientPage, client, '/billing');
  const row = invoicesSection(clientPage).getByRole('row').filter({ hasText: number });
  await expect(
    row.getByText(/^Credit note CN-\d{6} for \$5\.00 on .+: Outage on Nov 3$/),
  ).toBeVisible();
  await expect(
    row.getByText(
      /^Payment of \$29\.00 by ACH transfer reversed on .+: ACH returned: account closed$/,
    ),
  ).toBeVisible();
  await expect(row.getByText('$24.00 still due')).toBeVisible();

  // Sales tax and the billing address for the next invoices.
  const details = page.getByRole('region', { name: 'Sales tax and billing address' });
  await details.getByLabel(/Sales tax/).fill('30');
  await details.getByRole('button', { name: 'Save invoice details' }).click();
  await expect(details.getByText(ledgerMessages.taxRate)).toBeVisible();
  await details.getByLabel(/Sales tax/).fill('8.25');
  await details.getByLabel(/Billing address/).fill('12 Main St\nAustin, TX 78701');
  await details.getByRole('button', { name: 'Save invoice details' }).click();
  await expect(page.getByRole('status').getByText('New invoices carry them.')).toBeVisible();

  // Ending the plan at once.
  await page.getByRole('button', { name: 'End plan now' }).click();
  const end = page.getByRole('dialog', { name: 'End Basic now?' });
  await end.getByLabel('Reason').fill('Client asked to stop');
  await end.getByRole('button', { name: 'End plan now' }).click();
  await expect(page.getByRole('status').getByText(/^Basic ended now\./)).toBeVisible();
  await clientPage.reload();
  await expect(subscriptionCard(clientPage).getByText('Cancelled', { exact: true })).toBeVisible();
  await clientPage.close();
});
