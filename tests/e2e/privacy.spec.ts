import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { privacyMessages } from '#shared/privacy.ts';
import {
  createClientAccount,
  expect,
  gotoHydrated,
  loginAdmin,
  openSignedIn,
  strongPassword,
  test,
} from './fixtures.ts';
import { linkIn, waitForMail } from './mailbox.ts';

// Privacy requests in the browser: a client asks for a copy of their data and closes the account
// from Profile; an admin downloads a client's data, erases the account and an enquiry.

test.describe('a client closing their account', () => {
  // The wrong password and the refused sign-in answer 400 and 403, as they should.
  test.use({ allowConsoleErrors: [/status of 40[03]/] });

  test('gets a copy of their data by mail, then closes the account', async ({ page, request }) => {
    const client = await createClientAccount(request, 'Dana Departing');
    await openSignedIn(page, client, '/settings?tab=data');
    const card = page.getByRole('region', { name: 'Your data' });
    await card.getByRole('button', { name: 'Request a copy of my data' }).click();
    await expect(card.getByText(privacyMessages.exportMailed)).toBeVisible();

    const mail = await waitForMail(client.user.email, /account\/export\//);
    const link = linkIn(mail, '/api/account/export/');
    const download = await request.get(link);
    expect(download.status()).toBe(200);
    const files = unzipSync(new Uint8Array(await download.body()));
    expect(JSON.parse(strFromU8(files['account.json']!)).email).toBe(client.user.email);

    await card.getByRole('button', { name: 'Close account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close your account?' });
    await dialog.getByRole('button', { name: 'Close account' }).click();
    await expect(dialog.getByText(privacyMessages.passwordRequired)).toBeVisible();
    await dialog.getByLabel('Your password').fill('not my password');
    await dialog.getByRole('button', { name: 'Close account' }).click();
    await expect(dialog.getByText(privacyMessages.passwordWrong)).toBeVisible();
    await dialog.getByLabel('Your password').fill(strongPassword);
    await dialog.getByRole('button', { name: 'Close account' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByText(privacyMessages.closed)).toBeVisible();

    await gotoHydrated(page, '/login');
    await page.getByLabel('Email').fill(client.user.email);
    await page.getByLabel('Password').fill(strongPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText(privacyMessages.accountClosed)).toBeVisible();
  });
});

test('an admin downloads a client’s data, then erases the account', async ({ page, request }) => {
  const client = await createClientAccount(request, 'Ellis Erasable');
  const admin = await loginAdmin(request);
  await openSignedIn(page, admin, `/admin/clients/${client.user._id}`);
  const card = page.getByRole('region', { name: 'Privacy requests' });
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download data (ZIP)' }).click(),
  ]);
  expect(zip.suggestedFilename()).toMatch(/^data-export-.+\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await zip.path())));
  expect(Object.keys(files)).toContain('runs.csv');
  expect(strFromU8(files['account.json']!)).toContain(client.user.email);

  await card.getByRole('button', { name: 'Erase now…' }).click();
  const confirm = page.getByRole('dialog', { name: /Erase .* account now\?/ });
  await confirm.getByRole('button', { name: 'Erase everything' }).click();
  // The notice's text leaves out the title it would repeat ("Account erased.").
  const erased = page.getByRole('status');
  await expect(erased.getByText('Account erased', { exact: true })).toBeVisible();
  await expect(
    erased.getByText(privacyMessages.erased.replace(/^Account erased\. /, '')),
  ).toBeVisible();
  await expect(card.getByText(/^Erased on /)).toBeVisible();
  await expect(page.getByText('Erased', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Ellis Erasable');
  await expect(page.getByText(client.user.email)).toHaveCount(0);
});

test('an admin exports an enquiry sender’s data, then erases the enquiry after confirming', async ({
  page,
  request,
}) => {
  const sent = await request.post('/api/contact', {
    data: {
      name: 'Frankie Forgetme',
      email: 'frankie.forgetme@example.test',
      interest: 'Other',
      message: 'Please quote for a small integration.',
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const admin = await loginAdmin(request);
  await openSignedIn(page, admin, '/admin/enquiries');
  const card = page.getByRole('listitem').filter({ hasText: 'Frankie Forgetme' });
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Export' }).click(),
  ]);
  const files = unzipSync(new Uint8Array(await readFile(await zip.path())));
  expect(strFromU8(files['enquiries.json']!)).toContain('Please quote for a small integration.');
  await card.getByRole('button', { name: 'Erase…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Erase the enquiry from Frankie Forgetme?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Erase…' }).click();
  await confirm.getByRole('button', { name: 'Erase enquiry' }).click();
  await expect(page.getByText(privacyMessages.enquiryErased)).toBeVisible();
  await expect(page.getByText('Frankie Forgetme')).toHaveCount(0);
});
