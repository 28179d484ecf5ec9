import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// Helpers for the admin legal suite and CRM/billing-apps tools specs.

/** The current notice (one at a time, SPEC §9) shows this title and text. */
export async function expectNotice(page: Page, title: string, text: string | RegExp) {
  const notice = page.getByRole('status').filter({ hasText: title });
  await expect(notice.getByText(title, { exact: true })).toBeVisible();
  await expect(notice.getByText(text)).toBeVisible();
}

/** Ticks a template in the legal suite's library by its name. */
export async function toggleTemplate(page: Page, name: string) {
  await page
    .getByRole('checkbox', {
      name: new RegExp(`^${name.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&')}`),
    })
    .click();
}

/** The document fields form of the legal suite. */
export const fieldsForm = (page: Page) => page.getByRole('form', { name: 'Document fields' });

/** Clicks `button` and returns the file the browser downloads, with its first bytes. */
export async function downloadFrom(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = await readFile(await pathOf(download));
  return { name: download.suggestedFilename(), bytes };
}

async function pathOf(download: Download): Promise<string> {
  const path = await download.path();
  if (!path) throw new Error('download did not complete');
  return path;
}

/** Picks a client on the CRM/billing-apps page by searching for its e-mail. */
export async function pickClient(page: Page, email: string) {
  await page.getByLabel('Search clients').fill(email);
  const radio = page.getByRole('radio', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
  // The selection lives in the address (?client=), so the tick follows the navigation a
  // moment after the click rather than at once, as check() would require.
  await radio.click();
  await expect(radio).toBeChecked();
}
