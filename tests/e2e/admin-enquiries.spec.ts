import { expect, loginAdmin, openSignedIn, test } from './fixtures.ts';

// /admin/enquiries: the stored enquiries, newest first.

test('an admin reads enquiries newest first and expands a message', async ({ page, request }) => {
  const long = `We run 14 stores. ${'Orders are typed twice into two systems every day. '.repeat(6)}`;
  const first = await request.post('/api/contact', {
    data: { name: 'Older Enquirer', email: 'older@example.test', interest: 'Other', message: 'Hi' },
  });
  expect(first.status(), await first.text()).toBe(201);
  const second = await request.post('/api/contact', {
    data: {
      name: 'Newer Enquirer',
      email: 'newer@example.test',
      company: 'Lakeside Retail',
      interest: 'Automation & AI Agents',
      budget: '$25,000 - $100,000',
      timeline: '3-6 months',
      website: 'lakeside.example',
      message: long,
    },
  });
  expect(second.status(), await second.text()).toBe(201);

  const admin = await loginAdmin(request);
  await openSignedIn(page, admin, '/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Enquiries' })
    .click();
  await expect(page).toHaveURL('/admin/enquiries');
  await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();

  const names = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(names.first()).toHaveText('Newer Enquirer');
  const texts = await names.allTextContents();
  expect(texts.indexOf('Newer Enquirer')).toBeLessThan(texts.indexOf('Older Enquirer'));

  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Newer Enquirer' }) });
  await expect(card.getByRole('link', { name: 'newer@example.test' })).toHaveAttribute(
    'href',
    'mailto:newer@example.test',
  );
  for (const text of [
    'Lakeside Retail',
    'Automation & AI Agents',
    '$25,000 - $100,000',
    '3-6 months',
  ]) {
    await expect(card.getByText(text)).toBeVisible();
  }
  await expect(card.getByText(long.trim())).toHaveCount(0);
  const toggle = card.getByRole('button', { name: 'Show full message and details' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(card.getByText(long.trim())).toBeVisible();
  await expect(card.getByRole('link', { name: 'lakeside.example' })).toHaveAttribute(
    'href',
    'https://lakeside.example',
  );
  await card.getByRole('button', { name: 'Show less' }).click();
  await expect(card.getByText(long.trim())).toHaveCount(0);

  // The search is answered by the server once typing pauses; clearing it brings every
  // enquiry back.
  const searched = page.waitForRequest((r) => r.url().includes('q=Lakeside'));
  await page.getByLabel('Search enquiries').fill('Lakeside');
  await searched;
  await expect(page.getByText('1 enquiry match')).toBeVisible();
  await expect(names).toHaveText(['Newer Enquirer']);
  await page.getByLabel('Search enquiries').fill('zzz-no-such-words');
  await expect(page.getByText('No enquiries match “zzz-no-such-words”.')).toBeVisible();
  await page.getByLabel('Search enquiries').fill('');
  await expect(names.first()).toHaveText('Newer Enquirer');
  await expect(page.getByRole('heading', { level: 2, name: 'Older Enquirer' })).toBeVisible();
});
