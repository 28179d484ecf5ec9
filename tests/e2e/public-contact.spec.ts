import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from '@playwright/test';
import { brand } from '#shared/brand.ts';
import { contactMessages as m } from '#shared/contact-options.ts';
import type { Enquiry } from '#shared/enquiries.ts';
import { expect, gotoHydrated, loginAdmin, test, watchConsole } from './fixtures.ts';
import { waitForMail } from './mailbox.ts';

// The enquiry form: SPEC §3 fields and option codes, §4 states, §5 rules and messages,
// §8 error catalogue, and the Message Sent panel.

const form = (page: Page) => page.getByRole('region', { name: 'Project enquiry' });
const send = (page: Page) => form(page).getByRole('button', { name: 'Send Message' });

async function fillRequired(page: Page) {
  const f = form(page);
  await f.getByRole('textbox', { name: 'Name', exact: true }).fill('Jordan Rivers');
  await f.getByRole('textbox', { name: 'Email', exact: true }).fill('jordan@example.test');
  await f.getByRole('combobox', { name: 'Area of interest' }).selectOption('web');
  await f
    .getByRole('textbox', { name: 'Project details' })
    .fill('A customer portal for our 40 dealers.');
}

const json = (status: number, body: unknown) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

test('required fields are marked and every rule shows its message', async ({ page }) => {
  let requests = 0;
  await page.route('/api/contact', (route) => {
    requests++;
    return route.abort();
  });
  await gotoHydrated(page, '/contact');
  const f = form(page);
  // The asterisk is hidden from screen readers, which hear "required" instead.
  for (const [role, name] of [
    ['textbox', 'Name'],
    ['textbox', 'Email'],
    ['combobox', 'Area of interest'],
    ['textbox', 'Project details'],
  ] as const) {
    await expect(f.getByRole(role, { name, exact: true })).toHaveAttribute('aria-required', 'true');
  }
  await expect(f.getByText('*', { exact: true }).first()).toBeVisible();
  const message = f.getByRole('textbox', { name: 'Project details' });
  expect(await message.evaluate((el) => getComputedStyle(el).minHeight)).toBe('120px');

  // Blank and whitespace-only count as empty.
  await f.getByRole('textbox', { name: 'Name', exact: true }).fill('   ');
  await send(page).click();
  for (const text of [m.name, m.emailRequired, m.interest, m.message]) {
    await expect(f.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(f.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(f.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();

  await fillRequired(page);
  await f.getByRole('textbox', { name: 'Email', exact: true }).fill('jordan@example');
  await f.getByLabel('Phone').fill('555-0148');
  await f.getByLabel('Website').fill('not a site');
  await send(page).click();
  await expect(f.getByText(m.email, { exact: true })).toBeVisible();
  await expect(f.getByText(m.phone, { exact: true })).toBeVisible();
  await expect(f.getByText(m.website, { exact: true })).toBeVisible();
  await expect(f.getByText(m.name, { exact: true })).toHaveCount(0);
  await expect(f.getByRole('textbox', { name: 'Email', exact: true })).toBeFocused();

  // US-style phone and a website without https:// are fine.
  await f.getByRole('textbox', { name: 'Email', exact: true }).fill('jordan@example.test');
  await f.getByLabel('Phone').fill('+1 (612) 555-0148');
  await f.getByLabel('Website').fill('rivers-dealers.com');
  await expect(f.getByText(m.phone, { exact: true })).toHaveCount(0);
  await expect(f.getByText(m.website, { exact: true })).toHaveCount(0);
  expect(requests).toBe(0);
});

test.describe('server answers', () => {
  test.use({ allowConsoleErrors: [/status of (400|500|502)|net::ERR_FAILED/] });

  test('field errors go under their fields, with no banner', async ({ page }) => {
    await page.route(
      '/api/contact',
      json(400, {
        message: m.fixErrors,
        errors: { email: 'This address does not accept mail.', phone: m.phone },
      }),
    );
    await gotoHydrated(page, '/contact');
    await fillRequired(page);
    await send(page).click();
    const f = form(page);
    await expect(f.getByText('This address does not accept mail.')).toBeVisible();
    await expect(f.getByText(m.phone)).toBeVisible();
    await expect(f.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(f.getByRole('textbox', { name: 'Email', exact: true })).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(f.getByText(m.fixErrors)).toHaveCount(0);
  });

  test('a message goes in the banner', async ({ page }) => {
    await page.route('/api/contact', json(500, { message: 'Our mail server is resting.' }));
    await gotoHydrated(page, '/contact');
    await fillRequired(page);
    await send(page).click();
    await expect(page.getByRole('alert')).toHaveText('Our mail server is resting.');
    // The form keeps what was typed.
    await expect(form(page).getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
      'Jordan Rivers',
    );
  });

  test('neither errors nor a message: "Failed to submit form."', async ({ page }) => {
    await page.route('/api/contact', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    );
    await gotoHydrated(page, '/contact');
    await fillRequired(page);
    await send(page).click();
    await expect(page.getByRole('alert')).toHaveText(m.failed);
  });

  test('a network failure shows the long fallback and the error text', async ({ page }) => {
    await page.route('/api/contact', (route) => route.abort('failed'));
    await gotoHydrated(page, '/contact');
    await fillRequired(page);
    await send(page).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(m.network);
    await expect(alert).toContainText('Failed to fetch');
  });
});

test('while sending, fields are disabled and the button reads "Sending..."', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('/api/contact', async (route) => {
    await held;
    await json(201, { message: m.success, id: 'x' })(route);
  });
  await gotoHydrated(page, '/contact');
  await fillRequired(page);
  await send(page).click();
  const f = form(page);
  await expect(f.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(f.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
  await expect(f.getByRole('combobox', { name: 'Area of interest' })).toBeDisabled();
  await expect(f.getByRole('textbox', { name: 'Project details' })).toBeDisabled();
  release();
  await expect(f.getByRole('heading', { name: 'We have your enquiry' })).toBeVisible();
});

test('a sent enquiry carries labels, is stored and mailed, shows Message Sent, and the form comes back', async ({
  page,
  request,
}) => {
  await gotoHydrated(page, '/contact');
  const f = form(page);
  await fillRequired(page);
  await f.getByLabel('Company').fill('Rivers Dealers LLC');
  await f.getByLabel('Phone').fill('612-555-0148');
  await f.getByLabel('Website').fill('rivers-dealers.com');
  await f.getByLabel('Budget').selectOption('medium');
  await f.getByLabel('Timeline').selectOption('short');
  await f.getByLabel('Team size').selectOption('small');
  await f.getByLabel('How did you hear about us?').fill('A friend in Duluth');

  const requestSeen = page.waitForRequest('/api/contact');
  await send(page).click();
  const body = (await requestSeen).postDataJSON() as Record<string, string>;
  expect(body).toEqual({
    name: 'Jordan Rivers',
    email: 'jordan@example.test',
    company: 'Rivers Dealers LLC',
    phone: '612-555-0148',
    website: 'rivers-dealers.com',
    interest: 'Web Development',
    budget: '$5,000 - $25,000',
    timeline: '1-2 months',
    teamSize: 'Small team (2-10)',
    message: 'A customer portal for our 40 dealers.',
    referral: 'A friend in Duluth',
  });

  const heading = f.getByRole('heading', { name: 'We have your enquiry' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(f.getByText(m.success)).toBeVisible();
  // Said once, with the reply time the rest of the site promises.
  await expect(f.getByText(/message sent/i)).toHaveCount(1);
  await expect(
    f.getByText('Expect a reply the same business day, Monday to Friday.'),
  ).toBeVisible();
  await expect(f.getByRole('textbox', { name: 'Name', exact: true })).toHaveCount(0);

  // Stored before anything else, then mailed to the provider (the SMTP catcher).
  const admin = await loginAdmin(request);
  const stored = await request.get('/api/admin/enquiries', {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const enquiries = (await stored.json()) as Enquiry[];
  expect(enquiries.find((e) => e.referral === 'A friend in Duluth')?.company).toBe(
    'Rivers Dealers LLC',
  );
  const mail = await waitForMail(brand.email, /A friend in Duluth/);
  expect(mail.text).toContain('Rivers Dealers LLC');
  expect(mail.text).toContain('$5,000 - $25,000');

  await f.getByRole('button', { name: 'Send Another Message' }).click();
  await expect(f.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
  await expect(f.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await expect(f.getByLabel('Budget')).toHaveValue('');
  await expect(send(page)).toBeEnabled();
});

test('the form with its errors, and the Message Sent panel, pass axe', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const unexpected = watchConsole(page);
  await page.route('/api/contact', json(201, { message: m.success, id: 'x' }));
  await gotoHydrated(page, '/contact');
  await send(page).click();
  await expect(form(page).getByText(m.name, { exact: true })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await fillRequired(page);
  await send(page).click();
  await expect(form(page).getByRole('heading', { name: 'We have your enquiry' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  expect(unexpected()).toEqual([]);
  await context.close();
});
