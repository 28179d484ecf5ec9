import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { expect, gotoHydrated, openSignedIn, test } from './fixtures.ts';
import { notice, portalClient, startWebhook } from './portal-helpers.ts';

// Screens that say what happened in words: a schedule reads as a sentence with its cron
// one click away, its name keeps the width on a phone, a notice neither covers the button
// that raised it nor says its title twice, the mobile menu names Services as the desktop
// does, the notification webhook is explained without jargon (the signing detail and a
// failed test's answer one click away), and an admin's Test Request asks before it calls
// a client's live workflow.

const phone = { width: 375, height: 740 };

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box as Box;
}

/** Scrolls so the top of `locator` sits `top` px below the top of the window. */
async function scrollToTop(locator: Locator, top: number) {
  await locator.evaluate((element, y) => {
    window.scrollBy({ top: element.getBoundingClientRect().top - y, behavior: 'instant' });
  }, top);
}

/** The lines of the notice a sighted person reads (not the ones kept for screen readers). */
const visibleLines = (page: Page) =>
  notice(page)
    .locator('p')
    .evaluateAll((lines) =>
      lines
        .filter((line) => line.getBoundingClientRect().width > 1)
        .map((line) => line.textContent ?? ''),
    );

async function expectNoRepeatedTitle(page: Page) {
  const lines = await visibleLines(page);
  expect(lines.length).toBeGreaterThan(0);
  if (lines.length === 2) {
    const [title = '', body = ''] = lines;
    expect(body.toLowerCase()).not.toContain(title.toLowerCase());
  }
}

test.describe('on a phone', () => {
  test.use({ viewport: phone, hasTouch: true, timezoneId: 'America/Chicago' });

  test('a schedule reads in words, keeps the width, and its notices stay clear of its buttons', async ({
    page,
    request,
  }) => {
    const { client, addProcess } = await portalClient(request, { plan: 'Basic' });
    const process = await addProcess({ name: 'Morning report' });
    const created = await request.post('/api/scheduler', {
      headers: { authorization: `Bearer ${client.token}` },
      data: { processId: process._id, cron: '0 9 * * 1-5', timezone: 'America/Chicago' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await openSignedIn(page, client, '/client/scheduler');

    const item = page
      .getByRole('list', { name: 'Schedules' })
      .getByRole('listitem', { name: 'Morning report' });
    await expect(item.getByText('Every weekday at 9:00 AM')).toBeVisible();
    await expect(item.getByText('0 9 * * 1-5')).toBeHidden();
    await item.getByText('Cron expression').click();
    await expect(item.getByText('0 9 * * 1-5')).toBeVisible();

    // The name is not squeezed by the buttons: they go below it.
    const title = await boxOf(item.getByRole('heading', { name: 'Morning report' }));
    expect(title.width).toBeGreaterThan(200);
    const pause = item.getByRole('button', { name: 'Pause Morning report' });
    expect((await boxOf(pause)).y).toBeGreaterThan(title.y + title.height);

    // Near the top of the screen, where a phone's notice goes first: the notice moves away.
    await scrollToTop(pause, 96);
    await pause.click();
    const toast = notice(page).locator('> div');
    await expect(toast).toContainText('Morning report will not run until you resume it.');
    const resume = item.getByRole('button', { name: 'Resume Morning report' });
    expect(overlap(await boxOf(toast), await boxOf(resume))).toBe(false);
    await expectNoRepeatedTitle(page);
    await notice(page).getByRole('button', { name: 'Dismiss notification' }).click();

    // Near the bottom: the notice stays at the top.
    await scrollToTop(resume, phone.height - 120);
    await resume.click();
    await expect(toast).toContainText('Morning report runs again on its schedule.');
    expect(overlap(await boxOf(toast), await boxOf(pause))).toBe(false);
    await expectNoRepeatedTitle(page);

    // "Created" over "Schedule created." is said once.
    const form = page.getByRole('form', { name: 'New schedule' });
    await form.getByLabel('Process').selectOption({ label: 'Morning report' });
    await form.getByRole('button', { name: 'Create schedule' }).click();
    await expect(toast).toContainText('Schedule created.');
    expect(await visibleLines(page)).toEqual(['Schedule created.']);
    const create = await boxOf(form.getByRole('button', { name: 'Create schedule' }));
    expect(overlap(await boxOf(toast), create)).toBe(false);
  });

  test('the mobile menu names Services as the desktop bar does', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    const services = menu.getByRole('list', { name: 'Services' });
    await expect(menu.getByText('Services', { exact: true })).toBeVisible();
    await expect(services.getByRole('link', { name: 'Software Development' })).toBeVisible();
    await expect(services.getByRole('link', { name: 'Consulting' })).toBeVisible();
  });
});

test.describe('notifications', () => {
  // The failed test answers 502, which the browser logs.
  test.use({ allowConsoleErrors: [/status of 502/] });

  test('the webhook says it in words, with the detail one click away', async ({
    page,
    request,
  }) => {
    const webhook = await startWebhook();
    try {
      const { client } = await portalClient(request, { name: 'Noor Notices', plan: 'Pro' });
      await openSignedIn(page, client, '/settings#notifications');
      const card = page.getByRole('region', { name: 'Notifications' });
      const field = card.getByLabel(/Notification webhook URL/);
      await expect(field).toBeVisible();
      await expect(card.getByText(/HMAC/)).toBeHidden();
      await card.getByText('How your endpoint can check a notice came from us').click();
      await expect(card.getByText(/HMAC-SHA256/)).toBeVisible();

      await field.fill(webhook.url('/fail/notices'));
      await card.getByRole('button', { name: 'Save notifications' }).click();
      await card.getByRole('button', { name: 'Send test' }).click();
      const failure = card.getByRole('alert');
      await expect(failure).toContainText('The test notice did not arrive');
      await expect(failure).toContainText('The service behind your webhook address had a problem');
      await expect(failure.getByText('The webhook answered 500.')).toBeHidden();
      await failure.getByText('Details').click();
      await expect(failure.getByText('The webhook answered 500.')).toBeVisible();
    } finally {
      await webhook.close();
    }
  });
});

test.describe('Test Request', () => {
  let hook: Server;
  let hookUrl: string;
  let calls = 0;
  test.beforeAll(async () => {
    hook = createServer((request, response) => {
      calls += 1;
      request.resume();
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('received');
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => hook.close(() => resolve())));

  test("asks before it calls the client's live workflow; Cancel sends nothing", async ({
    page,
    request,
  }) => {
    const { admin, addProcess } = await portalClient(request, { name: 'Lena Live' });
    const name = `Live orders ${Date.now()}`;
    await addProcess({ name, n8nWebhookUrl: `${hookUrl}/ok` });
    await openSignedIn(page, admin, '/admin/processes');
    const item = page.getByRole('listitem').filter({ hasText: name });

    await item.getByRole('button', { name: 'Test Request' }).click();
    const ask = page.getByRole('dialog', { name: 'Send a test request?' });
    await expect(ask).toContainText(`${name} is Lena Live’s live workflow.`);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    // Long enough for a request that was sent by mistake to arrive.
    await page.waitForTimeout(500);
    expect(calls).toBe(0);
    await expect(item.getByRole('region', { name: 'Last test request' })).toHaveCount(0);

    await item.getByRole('button', { name: 'Test Request' }).click();
    await ask.getByRole('button', { name: 'Send test request' }).click();
    await expect(item.getByRole('region', { name: 'Last test request' })).toContainText('received');
    expect(calls).toBe(1);
  });
});
