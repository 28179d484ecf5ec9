import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3400';
const args = ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const post = async (url, body, token) => {
  const r = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) }, body: JSON.stringify(body) });
  return r.json();
};
const email = `shot${Date.now()}@example.test`;
const client = await post('/api/auth/register', { name: 'Riley Shots', email, password: 'Str0ng-Passw0rd', confirmPassword: 'Str0ng-Passw0rd', companyName: 'Lakeside Dental', companyCode: '', acceptedTOS: true });
const admin = await post('/api/auth/login', { email: 'admin@example.test', password: 'Admin-Passw0rd1' });
const { checkoutUrl } = await post('/api/zoho/select-package', { packageId: 'pro-monthly' }, client.token);
const inv = await (await fetch(`${base}/api/admin/billing/${client.user._id}/invoices`, { headers: { authorization: `Bearer ${admin.token}` } })).json();
await post(`/api/admin/billing/${client.user._id}/invoices/${inv.invoices[0].id}/payments`, { amountDollars: 30, paidOn: new Date().toISOString().slice(0,10), method: 'check', reference: 'Check 1042' }, admin.token);
await fetch(`${base}/api/admin/clients/${client.user._id}`, { method: 'PATCH', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` }, body: JSON.stringify({ billingPrefs: { hourlyRateDollars: 150, defaultDueDays: 30 } }) });
const signIn = async (page, s) => { await page.goto(base + '/'); await page.evaluate(({ token, user }) => { localStorage.setItem('token', token); localStorage.setItem('user', JSON.stringify(user)); }, s); };
for (const width of [1280, 375]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(checkoutUrl); await page.getByRole('region', { name: 'How to pay' }).waitFor();
  await page.screenshot({ path: `/tmp/shot-invoice-${width}.png`, fullPage: true });
  await signIn(page, client);
  await page.goto(base + '/billing'); await page.waitForLoadState('networkidle'); await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shot-billing-${width}.png`, fullPage: true });
  await signIn(page, admin);
  await page.goto(`${base}/admin/clients/${client.user._id}#invoices`); await page.getByRole('region', { name: 'Invoices and payments' }).getByText(/INV-/).first().waitFor();
  await page.getByRole('region', { name: 'Invoices and payments' }).screenshot({ path: `/tmp/shot-admin-inv-${width}.png` });
  await page.getByRole('button', { name: /Record a payment for/ }).first().click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/shot-admin-pay-${width}.png` });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Bill hours' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/shot-admin-hours-${width}.png` });
  await page.close();
}
await browser.close();
