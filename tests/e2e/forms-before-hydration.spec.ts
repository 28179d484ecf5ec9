import type { Page } from '@playwright/test';
import { contactMessages } from '#shared/contact-options.ts';
import { expect, test, uniqueEmail } from './fixtures.ts';

// A public page is pre-rendered HTML until React hydrates it; a visitor quick enough, or
// on a slow phone, presses the button before then and the browser submits the form
// itself. Holding the page's scripts back makes that moment last. What was typed must
// never land in an address (a GET form would put it in the address bar, the history and
// the server's log), and the visitor comes back to the page (server/http/page-forms.ts).

const PASSWORD = 'Typed-Before-Hydrat1on';

/** Every address the tab requested or showed, to search for what was typed. */
function recordAddresses(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(request.url()));
  page.on('framenavigated', (frame) => seen.push(frame.url()));
  return seen;
}

const holdScripts = (page: Page) => page.route('**/assets/**', (route) => route.abort());

test.describe('a form sent before the page hydrated', () => {
  // The held-back scripts fail to load, and the browser says so.
  test.use({ allowConsoleErrors: [/Failed to load resource/] });

  test('sign-in puts neither the e-mail nor the password in an address', async ({ page }) => {
    const email = uniqueEmail('early');
    const seen = recordAddresses(page);
    await holdScripts(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    const posted = page.waitForRequest((r) => r.method() === 'POST');
    const back = page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/login',
    );
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    const post = await posted;
    expect(new URL(post.url()).pathname).toBe('/login');
    expect(post.postData()).toContain('password=');
    await back;
    await expect(page).toHaveURL('/login');
    // A fresh copy of the page, with nothing filled in.
    await expect(page.getByLabel('Password')).toHaveValue('');
    expect(seen.length).toBeGreaterThan(2);
    for (const address of seen) {
      expect(address).not.toContain(PASSWORD);
      expect(decodeURIComponent(address)).not.toContain(email);
    }
  });

  test('an enquiry is posted as a form, and the page says how it went once alive', async ({
    page,
  }) => {
    const seen = recordAddresses(page);
    let body = '';
    // The server's side (stored, rate limited, this answer) is an API test of its own;
    // here each outcome is answered as the server answers it.
    let outcome = '/contact?enquiry=sent';
    await page.route('/contact', (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      body = route.request().postData() ?? '';
      return route.fulfill({ status: 303, headers: { location: outcome } });
    });
    const fillAndSend = async () => {
      await holdScripts(page);
      await page.goto('/contact');
      const form = page.getByRole('region', { name: 'Project enquiry' });
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Early Bird');
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill('early@example.test');
      await form.getByRole('combobox', { name: 'Area of interest' }).selectOption('web');
      await form.getByRole('textbox', { name: 'Project details' }).fill('Sent before hydration');
      // The page the form comes back to runs its scripts.
      await page.unroute('**/assets/**');
      await form.getByRole('button', { name: 'Send Message' }).click();
      return form;
    };

    let form = await fillAndSend();
    await expect(page).toHaveURL(outcome);
    expect(Object.fromEntries(new URLSearchParams(body))).toMatchObject({
      name: 'Early Bird',
      email: 'early@example.test',
      interest: 'web',
      message: 'Sent before hydration',
    });
    const heading = form.getByRole('heading', { name: 'We have your enquiry' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();

    outcome = '/contact?enquiry=unsent';
    form = await fillAndSend();
    await expect(page).toHaveURL(outcome);
    await expect(form.getByRole('alert')).toHaveText(contactMessages.network);
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
    for (const address of seen) expect(decodeURIComponent(address)).not.toContain('early@');
  });
});
