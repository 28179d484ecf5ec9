import { authMessages } from '#shared/auth.ts';
import { expect, gotoHydrated, test } from './fixtures.ts';

test('an empty registration shows every message at once, each under its field', async ({
  page,
}) => {
  await gotoHydrated(page, '/register');
  await page.getByRole('button', { name: 'Create account' }).click();

  const expectations: [string, string][] = [
    ['Full name', authMessages.fullName],
    ['Email', authMessages.email],
    ['Password', authMessages.passwordLength],
    ['Confirm password', authMessages.confirmPassword],
  ];
  for (const [label, message] of expectations) {
    // The label reads "Full name *": the asterisk is hidden from assistive technology.
    const field = page.getByLabel(new RegExp(`^${label}`));
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(message));
  }
  const terms = page.getByRole('checkbox', { name: /I accept the Terms of Service/ });
  await expect(terms).toHaveAccessibleDescription(authMessages.acceptTerms);
  await expect(page).toHaveURL('/register');
  // Marked required as on the contact form, and said once above the fields.
  await expect(page.getByText('are required.')).toBeVisible();
  for (const label of ['Full name', 'Email', 'Password', 'Confirm password'])
    await expect(page.getByLabel(new RegExp(`^${label}`))).toHaveAttribute('aria-required', 'true');
});

test('password rules and the confirmation are checked together and clear as they are fixed', async ({
  page,
}) => {
  await gotoHydrated(page, '/register');
  await page.getByLabel('Full name').fill('Pat Example');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel(/^Password/).fill('alllowercase');
  await page.getByLabel(/^Confirm password/).fill('different');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByText(authMessages.email)).toBeVisible();
  await expect(page.getByText(authMessages.passwordMix)).toBeVisible();
  await expect(page.getByText(authMessages.passwordsMatch)).toBeVisible();
  await expect(page.getByText(authMessages.acceptTerms)).toBeVisible();
  await expect(page.getByText(authMessages.fullName)).toHaveCount(0);

  // After the first submit each field re-checks as it changes.
  await page.getByLabel(/^Password/).fill('Different1');
  await expect(page.getByText(authMessages.passwordMix)).toHaveCount(0);
  await page.getByLabel(/^Confirm password/).fill('Different1');
  await expect(page.getByText(authMessages.passwordsMatch)).toHaveCount(0);
  await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
  await expect(page.getByText(authMessages.acceptTerms)).toHaveCount(0);
});
