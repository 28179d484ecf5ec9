import AxeBuilder from '@axe-core/playwright';
import { downloadFrom, expectNotice, fieldsForm, toggleTemplate } from './admin-tools-helpers.ts';
import { expect, loginAdmin, openSignedIn, test, watchConsole } from './fixtures.ts';

// The legal suite (SPEC §2 Admin, §4 Legal suite, §5, §8, §9 estimator).

const NDA = 'Mutual Non-Disclosure Agreement';

test('generate needs a template; typed values survive a change of selection and reach the preview and the exports', async ({
  page,
  request,
}) => {
  const admin = await loginAdmin(request);
  await openSignedIn(page, admin, '/admin/legal');
  await expect(page.getByRole('heading', { level: 1, name: 'Legal Suite' })).toBeVisible();

  await page.getByRole('button', { name: 'Generate documents' }).click();
  await expectNotice(
    page,
    'No templates selected',
    'Please select at least one template to generate.',
  );

  await toggleTemplate(page, NDA);
  await toggleTemplate(page, 'Change Order');
  const form = fieldsForm(page);
  const clientName = form.getByLabel('Client name', { exact: true });
  await clientName.fill('Globex Test Corp');
  // A field only Change Order has, to see the selection change take effect.
  await expect(form.getByLabel('Change order number')).toBeVisible();

  await toggleTemplate(page, 'Change Order');
  await toggleTemplate(page, 'Website Privacy Policy');
  await expect(form.getByLabel('Change order number')).toHaveCount(0);
  await expect(form.getByLabel('Website URL')).toBeVisible();
  await expect(clientName).toHaveValue('Globex Test Corp');

  await page.getByRole('button', { name: 'Generate documents' }).click();
  const preview = page.getByRole('region', { name: `Preview of ${NDA}` });
  await expect(preview).toContainText('Globex Test Corp');
  await expect(
    page.getByRole('region', { name: 'Preview of Website Privacy Policy' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Documents', exact: true })).toBeFocused();

  const pdf = await downloadFrom(page, () =>
    page.getByRole('button', { name: `Export ${NDA} as PDF` }).click(),
  );
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

  const docx = await downloadFrom(page, () =>
    page.getByRole('button', { name: `Export ${NDA} as DOCX` }).click(),
  );
  expect(docx.name).toMatch(/\.docx$/);
  expect(docx.bytes.subarray(0, 2).toString('latin1')).toBe('PK'); // a zip container
});

test('the library filters by category and search', async ({ page, request }) => {
  const admin = await loginAdmin(request);
  await openSignedIn(page, admin, '/admin/legal');
  const templates = page.getByRole('list', { name: 'Template library' }).getByRole('checkbox');
  await expect(templates).toHaveCount(8);

  await page.getByRole('button', { name: 'Website', exact: true }).click();
  await expect(templates).toHaveCount(1);
  await expect(templates.first()).toHaveAccessibleName(/^Website Privacy Policy/);

  await page.getByRole('button', { name: 'All', exact: true }).click();
  await page.getByLabel('Search templates').fill('contractor');
  await expect(templates).toHaveCount(1);
  await expect(templates.first()).toHaveAccessibleName(/^Independent Contractor Agreement/);

  await page.getByLabel('Search templates').fill('no such template');
  await expect(page.getByText('No templates match.')).toBeVisible();
});

test('the estimator prices setup at 300 + 300 × score and the first monthly from usage', async ({
  page,
  request,
}) => {
  const admin = await loginAdmin(request);
  await openSignedIn(page, admin, '/admin/legal');
  const estimator = page.getByRole('region', { name: 'Pricing estimator' });
  const shows = async (term: string, value: string) =>
    expect(
      estimator
        .getByRole('term')
        .filter({ hasText: term })
        .locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(value);

  await shows('Setup fee', '$300.00');
  await shows('Band', 'None yet');

  await estimator.getByLabel(/^API connection/).fill('2'); // 2 × 2
  await estimator.getByLabel(/^AI \/ LLM/).fill('1'); // + 3
  await shows('Complexity score', '7');
  await shows('Setup fee', '$2,400.00'); // 300 + 300 × 7
  await shows('Band', 'Advanced');

  await estimator.getByLabel('Base monthly ($)').fill('250');
  await estimator.getByLabel('Expected runs').fill('1500');
  await estimator.getByLabel('Per-run price ($)').fill('0.015');
  await shows('First monthly', '$272.50'); // 250 + 1500 × 0.015

  await estimator.getByLabel(/^Multi-tenant isolation/).fill('2'); // + 6 = 13
  await shows('Band', 'Custom/Platform');
  await shows('Setup fee', '$4,200.00');
});

test('a draft is saved with its estimate and reopened after a reload', async ({
  page,
  request,
}) => {
  const admin = await loginAdmin(request);
  const client = `Initech ${Date.now().toString(36)}`;
  await openSignedIn(page, admin, '/admin/legal');

  await toggleTemplate(page, NDA);
  await fieldsForm(page).getByLabel('Client name', { exact: true }).fill('');
  await page
    .getByRole('region', { name: 'Pricing estimator' })
    .getByLabel(/^Database/)
    .fill('3');
  await page.getByRole('button', { name: 'Generate documents' }).click();

  const save = page.getByRole('form', { name: 'Save as draft' });
  await save.getByRole('button', { name: 'Save draft' }).click();
  await expect(save.getByText('Client name is required.')).toBeVisible();
  await expect(save.getByLabel('Client')).toBeFocused();

  await save.getByLabel('Client').fill(client);
  await save.getByLabel('Project').fill('Pilot');
  await save.getByRole('button', { name: 'Save draft' }).click();
  await expectNotice(page, 'Saved', 'Draft saved.');
  const drafts = page.getByRole('region', { name: 'Saved drafts' });
  await expect(drafts.getByText(`${client} · Pilot`)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('region', { name: `Preview of ${NDA}` })).toHaveCount(0);
  await drafts.getByRole('button', { name: `Open draft ${client} · Pilot` }).click();
  await expectNotice(page, 'Draft opened', `${client} · Pilot`);
  await expect(page.getByRole('region', { name: `Preview of ${NDA}` })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: new RegExp(`^${NDA}`) })).toBeChecked();
  await expect(
    page.getByRole('region', { name: 'Pricing estimator' }).getByLabel(/^Database/),
  ).toHaveValue('3');
  await expect(page.getByRole('form', { name: 'Save as draft' }).getByLabel('Client')).toHaveValue(
    client,
  );
});

test('Quick Defaults saves the organization defaults and a zero becomes empty', async ({
  page,
  request,
}) => {
  const admin = await loginAdmin(request);
  await openSignedIn(page, admin, '/admin/legal');

  await page.getByRole('button', { name: 'Quick Defaults' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quick Defaults' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Jurisdiction city').fill('Duluth');
  await dialog.getByLabel('Payment terms (net days)').fill('0');
  await dialog.getByLabel('Late fee (%)').fill('2.5');
  await dialog.getByRole('button', { name: 'Save defaults' }).click();
  await expectNotice(page, 'Saved', 'Organization defaults saved.');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Quick Defaults' }).click();
  await expect(dialog.getByLabel('Jurisdiction city')).toHaveValue('Duluth');
  await expect(dialog.getByLabel('Payment terms (net days)')).toHaveValue('');
  await expect(dialog.getByLabel('Late fee (%)')).toHaveValue('2.5');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Saved defaults fill the template fields.
  await toggleTemplate(page, 'Master Services Agreement');
  await expect(fieldsForm(page).getByLabel('Venue city')).toHaveValue('Duluth');
});

test('the pricing guide is a dialog that Escape closes', async ({ page, request }) => {
  const admin = await loginAdmin(request);
  await openSignedIn(page, admin, '/admin/legal');
  const opener = page.getByRole('button', { name: 'Pricing guide' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Pricing guide' });
  await expect(
    dialog.getByRole('table', { name: 'Pricing bands by complexity score' }),
  ).toBeVisible();
  await expect(dialog.getByRole('row', { name: /Custom\/Platform/ })).toContainText('$10,000+');
  await expect(dialog.getByRole('table', { name: 'Support tiers' })).toContainText('+$150/mo');
  await expect(dialog.getByText('Auto-bill overage unless paused')).toBeVisible();
  // Focus is inside the dialog; the page behind is inert.
  await expect(dialog.getByRole('button', { name: 'Close' }).first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test.describe('failures', () => {
  // One pattern: Playwright reads a two-item array here as [value, options].
  test.use({ allowConsoleErrors: [/status of 500|net::ERR_FAILED/] });

  test('a failed generation quotes the server, or says it could not generate', async ({
    page,
    request,
  }) => {
    const admin = await loginAdmin(request);
    await openSignedIn(page, admin, '/admin/legal');
    await toggleTemplate(page, NDA);
    await expect(fieldsForm(page).getByLabel('Client name', { exact: true })).toBeVisible();

    await page.route('**/api/legal/generate', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'renderer crashed' }),
    );
    await page.getByRole('button', { name: 'Generate documents' }).click();
    await expectNotice(page, 'Generation failed', 'Server error: renderer crashed');

    await page.unroute('**/api/legal/generate');
    await page.route('**/api/legal/generate', (route) => route.abort());
    await page.getByRole('button', { name: 'Generate documents' }).click();
    await expectNotice(
      page,
      'Generation failed',
      'Failed to generate documents. Please try again.',
    );
  });
});

test('the legal suite and its dialogs have no axe violations', async ({ browser, request }) => {
  const admin = await loginAdmin(request);
  // @axe-core/playwright needs a page from browser.newContext() (DESIGN §2).
  const context = await browser.newContext();
  const page = await context.newPage();
  const unexpected = watchConsole(page);
  const axe = async () => (await new AxeBuilder({ page }).analyze()).violations;

  await openSignedIn(page, admin, '/admin/legal');
  await toggleTemplate(page, NDA);
  await page.getByRole('button', { name: 'Generate documents' }).click();
  await expect(page.getByRole('region', { name: `Preview of ${NDA}` })).toBeVisible();
  expect(await axe()).toEqual([]);

  await page.getByRole('button', { name: 'Pricing guide' }).click();
  await expect(page.getByRole('dialog', { name: 'Pricing guide' })).toBeVisible();
  expect(await axe()).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Quick Defaults' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Quick Defaults' }).getByLabel('Jurisdiction city'),
  ).toBeVisible();
  expect(await axe()).toEqual([]);

  expect(unexpected()).toEqual([]);
  await context.close();
});
