import type { Page } from '@playwright/test';
import { billingStateWords } from '#shared/billing-states.ts';
import {
  createTeamMember,
  recordFullPayment,
  startCheckout,
  subscriptionCard,
} from './billing-helpers.ts';
import { createClientAccount, expect, loginAdmin, openSignedIn, test } from './fixtures.ts';

// One word for one billing state: the portal's Billing, the admin's client list and the
// client's detail say the same; team members are listed under their owner; the Zoho
// fields stay hidden with local billing; Record payment's name holds its visible label.

const pending = billingStateWords.awaiting_payment.label;

async function clientRow(page: Page, email: string) {
  await page.getByLabel('Search clients').fill(email);
  return page.getByRole('row').filter({ hasText: email });
}

test('a plan chosen and not yet paid reads the same on Billing, the client list and the detail', async ({
  page,
  request,
}) => {
  // Four screens and a payment: longer than one screen's 30 s on a busy machine.
  test.setTimeout(90_000);
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Vera Vocabulary'),
  ]);
  await startCheckout(request, client, 'basic-monthly');

  await openSignedIn(page, client, '/billing');
  const card = subscriptionCard(page);
  await expect(card.getByText(pending, { exact: true })).toBeVisible();
  await expect(card.getByText(/Your plan starts when invoice INV-\d+ is paid/)).toBeVisible();

  await openSignedIn(page, admin, '/admin/clients');
  const row = await clientRow(page, client.user.email);
  await expect(row.getByText(pending, { exact: true })).toBeVisible();
  for (const old of ['Incomplete', 'Awaiting payment', 'Waiting for payment', 'No subscription']) {
    await expect(row.getByText(old)).toHaveCount(0);
  }

  await row.getByRole('link', { name: /^Open/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vera Vocabulary' })).toBeVisible();
  await expect(page.getByRole('main').getByText(pending, { exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Plan & billing' }).click();
  const billing = page.getByRole('region', { name: 'Plan and billing' });
  await expect(billing.getByRole('definition').getByText(pending, { exact: true })).toBeVisible();
  await expect(billing.getByText(billingStateWords.awaiting_payment.explanation)).toBeVisible();

  // Record payment: the accessible name contains the label a person sees (WCAG 2.5.3).
  const record = page.getByRole('button', { name: /^Record payment/ });
  await expect(record).toHaveAccessibleName(/^Record payment for INV-\d+$/);
  const visible = await record.evaluate((button) => {
    const copy = button.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove();
    return copy.textContent?.trim();
  });
  expect(visible).toBe('Record payment');

  // Once paid, it is Active on every screen.
  await recordFullPayment(request, client.user._id);
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Plan and billing' })
      .getByRole('definition')
      .getByText('Active'),
  ).toBeVisible();
  await openSignedIn(page, client, '/billing');
  await expect(subscriptionCard(page).getByText('Active', { exact: true })).toBeVisible();
});

test('a team member is listed under its owner, not as a client of its own', async ({
  page,
  request,
}) => {
  const [admin, owner] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Olive Owner'),
  ]);
  await startCheckout(request, owner, 'pro-monthly');
  await recordFullPayment(request, owner.user._id);
  const member = await createTeamMember(request, owner, 'Milo Member');

  await openSignedIn(page, admin, '/admin/clients');
  // Searching for the member finds the owner's row, with the member under it.
  await page.getByLabel('Search clients').fill(member.user.email);
  await expect(page.getByText('1 account match')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: owner.user.email });
  await expect(row.getByRole('cell').nth(2)).toHaveText('Pro');
  const team = row.getByRole('list', { name: 'Team of Olive Owner' });
  await expect(team.getByRole('link', { name: 'Milo Member' })).toHaveAttribute(
    'href',
    `/admin/clients/${member.user._id}`,
  );
  // The owner signed up without opening the verification link; the member accepted an
  // invitation mailed to the address, which proved it.
  await expect(row.getByRole('cell').nth(5).getByText('E-mail not verified')).toBeVisible();
  await expect(team.getByText('E-mail not verified')).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'No subscription' })).toHaveCount(0);
});

test('with local billing the client detail shows no Zoho ids and no CRM actions', async ({
  page,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Lola Local'),
  ]);
  await openSignedIn(page, admin, `/admin/clients/${client.user._id}#integrations`);
  const integrations = page.getByRole('region', { name: 'Integrations' });
  await expect(integrations.getByLabel('Webhook key')).toBeVisible();
  await expect(integrations.getByText(/local billing/)).toBeVisible();
  await expect(integrations.getByLabel(/contact ID/i)).toHaveCount(0);
  for (const action of ['Create contact', 'Provision', 'Sync status']) {
    await expect(integrations.getByRole('button', { name: action })).toHaveCount(0);
  }
});
