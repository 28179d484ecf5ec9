import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { type MainProcess, spawnMain, untilReady } from '../support/main-process.ts';
import { adminAccount, expect, strongPassword, test, uniqueEmail } from './fixtures.ts';

// A server without SMTP (the default install): nothing claims an e-mail went
// out. The Team screen says the invite was created and hands the inviter its link to copy,
// and the admin Outbox says plainly that mail is not set up. Its own server process, as
// the shared browser-test server has a mail catcher.

let server: MainProcess;
let dataDir: string;

test.beforeAll(async () => {
  // A server of its own on a new database: about 10 s on a quiet machine, and up to three
  // times that while the other worker's tests keep both cores busy.
  test.setTimeout(60_000);
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-no-mail-'));
  server = await spawnMain({
    dataDir,
    stdio: 'ignore',
    env: {
      WEB_ROOT: resolve('build/client'),
      ADMIN_EMAIL: adminAccount.email,
      ADMIN_PASSWORD: adminAccount.password,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      BACKUP_SCHEDULE: 'off',
      SMTP_URL: '',
    },
  });
  await untilReady(server, { timeoutMs: 55_000 });
});

test.afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

const post = async (path: string, body: object, token?: string) => {
  const response = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  return response.json();
};

async function signIn(page: Page, session: { token: string; user: unknown }, path: string) {
  await page.goto(`${server.base}/`);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
  await page.goto(`${server.base}${path}`);
}

test('without SMTP an invite is created with a link to copy, and the outbox says mail is off', async ({
  page,
}) => {
  const admin = await post('/api/auth/login', adminAccount);
  const owner = await post('/api/auth/register', {
    name: 'Owen Owner',
    email: uniqueEmail('owner'),
    password: strongPassword,
    confirmPassword: strongPassword,
    companyName: 'Quiet Co',
    companyCode: '',
    acceptedTOS: true,
  });
  await fetch(`${server.base}/api/admin/clients/${owner.user._id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({ plan: 'Pro' }),
  });

  await signIn(page, owner, '/team');
  await page.getByLabel('Email').fill('new.teammate@example.test');
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('status').getByText('Invite created', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').getByText('An invitation was e-mailed')).toHaveCount(0);
  await expect(page.getByText('No e-mail was sent: this server has no mail set up.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Invite link' })).toHaveValue(
    /\/invite\/[\w-]{43}$/,
  );
  await expect(page.getByRole('button', { name: 'Copy invite link' })).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await signIn(page, admin, '/admin/outbox');
  await expect(page.getByText('E-mail is not set up')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Messages' }).getByText('To new.teammate@example.test'),
  ).toBeVisible();
});
