import AxeBuilder from '@axe-core/playwright';
import { expect, loginAdmin, openSignedIn, test } from './fixtures.ts';

// The admin Outbox (issue 16): every mail the platform queued, opened in full with its
// link to copy, and deleted after a confirmation.

test('an admin finds a mail in the outbox, reads it with its links, and deletes it', async ({
  page,
  request,
  browser,
}) => {
  // An enquiry queues a mail to the consultancy (not a one-time link, so its text stays).
  const name = `Olly Outbox ${Date.now()}`;
  const sent = await request.post('/api/contact', {
    data: {
      name,
      email: 'olly@example.test',
      interest: 'Other',
      website: 'https://olly.example.com/about',
      message: 'Please call me back.',
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await openSignedIn(page, await loginAdmin(request), '/admin/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /Outbox/ }),
  ).toHaveAttribute('aria-current', 'page');
  const messages = page.getByRole('list', { name: 'Messages' });
  const row = messages.getByRole('listitem').filter({ hasText: `New enquiry from ${name}` });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: /^View:/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('heading', { name: `New enquiry from ${name}: Other` }),
  ).toBeVisible();
  await expect(dialog.getByText('Please call me back.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Link in this message' }).first()).toHaveValue(
    /^https?:\/\//,
  );
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  const context = await browser.newContext();
  const axePage = await context.newPage();
  await openSignedIn(axePage, await loginAdmin(request), '/admin/outbox');
  await expect(axePage.getByRole('list', { name: 'Messages' })).toBeVisible();
  expect((await new AxeBuilder({ page: axePage }).analyze()).violations).toEqual([]);
  await context.close();

  await row.getByRole('button', { name: /^Delete:/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this message?' });
  await confirm.getByRole('button', { name: 'Delete message' }).click();
  await expect(page.getByRole('status').getByText('Message deleted.')).toBeVisible();
  await expect(
    messages.getByRole('listitem').filter({ hasText: `New enquiry from ${name}` }),
  ).toHaveCount(0);
});
