import AxeBuilder from '@axe-core/playwright';
import type { MyProcess } from '#shared/processes.ts';
import { type TeamInvite, teamMessages } from '#shared/team.ts';
import type { AuthResponse } from '#shared/user.ts';
import {
  createClientAccount,
  expect,
  gotoHydrated,
  openSignedIn,
  strongPassword,
  test,
  uniqueEmail,
} from './fixtures.ts';
import { linkIn, waitForMail } from './mailbox.ts';
import {
  clientOnPlan,
  createProcess,
  freshPage,
  getAs,
  mediumDate,
  postAs,
} from './team-helpers.ts';

// Teams (SPEC §2 Team, §5 Invite, §6, §8; DESIGN §1 Teams): the plan gate, inviting by
// e-mail, joining through the e-mailed link by signing up or signing in, and removal.

test('without team seats the Team page says a Pro plan is needed and links to billing', async ({
  page,
  request,
}) => {
  const trial = await createClientAccount(request, 'Tara Trial');
  await openSignedIn(page, trial, '/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(page.getByText(teamMessages.notEnabled, { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Upgrade your plan' }).click();
  await expect(page).toHaveURL('/billing');
});

test('a Pro owner invites a teammate, who signs up from the e-mail, sees the owner’s processes and is removed', async ({
  page,
  request,
  browser,
}) => {
  const { admin, client: owner } = await clientOnPlan(request, 'Pro', 'Olive Owner');
  const process = await createProcess(request, admin, {
    name: 'Owner nightly export',
    clientUserId: owner.user._id,
    description: 'Exports the day’s orders',
  });
  await openSignedIn(page, owner, '/team');

  // The owner is listed first, labelled Owner, with nothing to remove.
  const members = page.getByRole('list', { name: 'Team members' });
  await expect(members.getByRole('listitem')).toHaveCount(1);
  const ownerRow = members.getByRole('listitem').first();
  await expect(ownerRow).toContainText('Olive Owner');
  await expect(ownerRow.getByText('Owner', { exact: true })).toBeVisible();
  await expect(ownerRow.getByRole('button')).toHaveCount(0);
  await expect(page.getByText('No pending invites.')).toBeVisible();

  // An empty email sends nothing (SPEC §5).
  const email = page.getByRole('textbox', { name: 'Email' });
  const role = page.getByLabel('Role');
  await expect(role).toHaveValue('member');
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(email).toHaveAccessibleDescription(teamMessages.emailRequired);
  await expect(page.getByText('No pending invites.')).toBeVisible();

  const invitee = uniqueEmail('teammate');
  await email.fill(invitee);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('status').getByText('Invite sent', { exact: true })).toBeVisible();
  await expect(email).toHaveValue('');

  // The pending invite, with the default role and its expiry date.
  const [pending] = await getAs<TeamInvite[]>(request, owner, '/api/team/invites');
  expect(pending?.role).toBe('member');
  const invites = page.getByRole('list', { name: 'Pending invites' });
  const inviteRow = invites.getByRole('listitem').filter({ hasText: invitee });
  await expect(inviteRow.getByText('Member', { exact: true })).toBeVisible();
  await expect(inviteRow).toContainText(`Expires ${mediumDate(pending?.expiresAt ?? '')}`);

  // The invitee opens the e-mailed link in their own browser and signs up from it.
  const mail = await waitForMail(invitee, /\/invite\//);
  const link = linkIn(mail, '/invite/');
  const token = decodeURIComponent(new URL(link).pathname.split('/').pop() ?? '');
  const fresh = await freshPage(browser);
  const guest = fresh.page;
  await guest.goto(link);
  await expect(guest.getByRole('heading', { level: 1, name: 'You’re invited' })).toBeVisible();
  await expect(guest.getByText('Olive Owner invited you to join Acme Test Co')).toBeVisible();
  await expect(guest.getByRole('definition').filter({ hasText: invitee })).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Sign in to accept' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(`/invite/${token}`)}`,
  );
  await guest.getByRole('link', { name: 'Create an account' }).click();
  await expect(guest).toHaveURL(`/register?invite=${encodeURIComponent(token)}`);
  await expect(guest.getByText('Joining Acme Test Co')).toBeVisible();
  await expect(guest.getByLabel('Email')).toHaveValue(invitee);
  await guest.getByLabel('Full name').fill('Milo Member');
  await guest.getByLabel(/^Password/).fill(strongPassword);
  await guest.getByLabel(/^Confirm password/).fill(strongPassword);
  await guest.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
  await guest.getByRole('button', { name: 'Create account' }).click();

  // A member works in the owner's account: the owner's process is on their list.
  await expect(guest).toHaveURL('/client/processes');
  await expect(
    guest.getByRole('list', { name: 'Processes' }).getByRole('heading', { name: process.name }),
  ).toBeVisible();
  const memberSession = {
    token: (await guest.evaluate(() => localStorage.getItem('token'))) ?? '',
  } as AuthResponse;
  const theirs = await getAs<MyProcess[]>(request, memberSession, '/api/n8n/my-processes');
  expect(theirs.map((p) => p._id)).toContain(process._id);

  // A plain member sees the team but cannot invite or remove anyone else.
  await guest.goto('/team');
  const memberView = guest.getByRole('list', { name: 'Team members' });
  await expect(memberView.getByRole('listitem')).toHaveCount(2);
  await expect(guest.getByRole('button', { name: 'Send invite' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Leave team' })).toBeVisible();
  await fresh.close();

  // The owner sees the new member (and no pending invite), then removes them after confirming.
  await page.reload();
  await expect(page.getByText('No pending invites.')).toBeVisible();
  const memberRow = members.getByRole('listitem').filter({ hasText: invitee });
  await expect(memberRow).toContainText('Milo Member');
  await expect(memberRow.getByText('Member', { exact: true })).toBeVisible();
  await memberRow.getByRole('button', { name: 'Remove Milo Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Milo Member?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(memberRow).toBeVisible();

  await memberRow.getByRole('button', { name: 'Remove Milo Member' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('status').getByText('Removed', { exact: true })).toBeVisible();
  await expect(memberRow).toHaveCount(0);
  await expect(members.getByRole('listitem')).toHaveCount(1);
  const after = await getAs<MyProcess[]>(request, memberSession, '/api/n8n/my-processes');
  expect(after.map((p) => p._id)).not.toContain(process._id);
});

test.describe('a refused invite', () => {
  // The refusal is a 409 answer, which the browser logs.
  test.use({ allowConsoleErrors: [/status of 409/] });

  test('an invite is refused with the server’s reason under the email field, and can be revoked', async ({
    page,
    request,
  }) => {
    const { client: owner } = await clientOnPlan(request, 'Pro', 'Rita Revoker');
    const other = await clientOnPlan(request, 'Pro', 'Oscar Otherteam');
    const busy = await createClientAccount(request, 'Bea Busy');
    // Bea already belongs to Oscar's team.
    const invited = await postAs(request, other.client, '/api/team/invite', {
      email: busy.user.email,
    });
    expect(invited.status()).toBe(201);
    const mail = await waitForMail(busy.user.email, /\/invite\//);
    const token = decodeURIComponent(linkIn(mail, '/invite/').split('/invite/')[1] ?? '');
    expect((await postAs(request, busy, `/api/team/invites/${token}/accept`)).status()).toBe(200);

    await openSignedIn(page, owner, '/team');
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.fill(busy.user.email);
    await page.getByRole('button', { name: 'Send invite' }).click();
    await expect(email).toHaveAccessibleDescription(teamMessages.inOtherTeam);
    await expect(email).toBeFocused();
    await expect(page.getByRole('status').getByText('Invite sent', { exact: true })).toHaveCount(0);

    // A pending invite can be taken back after confirming.
    const invitee = uniqueEmail('revoked');
    await email.fill(invitee);
    await page.getByLabel('Role').selectOption('admin');
    await page.getByRole('button', { name: 'Send invite' }).click();
    const row = page
      .getByRole('list', { name: 'Pending invites' })
      .getByRole('listitem')
      .filter({ hasText: invitee });
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Revoke the invite for ${invitee}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this invite?' });
    await dialog.getByRole('button', { name: 'Revoke invite' }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('No pending invites.')).toBeVisible();
  });
});

test('an existing user accepts an invite by signing in and lands in the team’s portal', async ({
  request,
  browser,
}) => {
  const { admin, client: owner } = await clientOnPlan(request, 'Pro', 'Sam Signin-Owner');
  const process = await createProcess(request, admin, {
    name: 'Shared weekly report',
    clientUserId: owner.user._id,
  });
  const existing = await createClientAccount(request, 'Eve Existing');
  const response = await postAs(request, owner, '/api/team/invite', {
    email: existing.user.email,
    role: 'admin',
  });
  expect(response.status()).toBe(201);
  const link = linkIn(await waitForMail(existing.user.email, /\/invite\//), '/invite/');

  // Opening the used link again answers 404, which the browser logs.
  const fresh = await freshPage(browser, [/status of 404/]);
  const guest = fresh.page;
  await guest.goto(link);
  await expect(guest.getByText('as a team admin')).toBeVisible();
  await guest.getByRole('link', { name: 'Sign in to accept' }).click();
  await expect(guest).toHaveURL(/\/login\?next=/);
  await guest.getByLabel('Email').fill(existing.user.email);
  await guest.getByLabel('Password').fill(strongPassword);
  await guest.getByRole('button', { name: 'Sign in', exact: true }).click();

  // Back on the invitation, now signed in as the invited address.
  await expect(guest).toHaveURL(new URL(link).pathname);
  await guest.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(
    guest.getByRole('status').getByText('You joined the Acme Test Co team.'),
  ).toBeVisible();
  await expect(guest).toHaveURL('/client/processes');
  await expect(guest.getByRole('heading', { name: process.name })).toBeVisible();

  // The link is single-use.
  await guest.goto(link);
  await expect(guest.getByRole('alert')).toContainText(teamMessages.linkInvalid);
  await fresh.close();
});

test('signed in as someone else, the invite page explains and offers to sign out', async ({
  page,
  request,
}) => {
  const { client: owner } = await clientOnPlan(request, 'Pro', 'Wendy Wrongmail');
  const invitee = uniqueEmail('intended');
  expect((await postAs(request, owner, '/api/team/invite', { email: invitee })).status()).toBe(201);
  const link = linkIn(await waitForMail(invitee, /\/invite\//), '/invite/');
  const stranger = await createClientAccount(request, 'Stan Stranger');

  await openSignedIn(page, stranger, link);
  await expect(page.getByText(teamMessages.wrongEmail(invitee))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
});

test.describe('an unknown invite link', () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('shows the server’s message', async ({ page }) => {
    await page.goto('/invite/not-a-real-token');
    await expect(page.getByRole('alert')).toContainText(teamMessages.linkInvalid);
    await expect(page.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);
  });

  test('on the sign-up form is explained, and the account is still created on its own', async ({
    page,
  }) => {
    await gotoHydrated(page, '/register?invite=not-a-real-token');
    await expect(page.getByRole('alert')).toContainText(teamMessages.linkInvalid);
    await page.getByLabel('Full name').fill('Lone Signup');
    await page.getByLabel('Email').fill(uniqueEmail('lone'));
    await page.getByLabel(/^Password/).fill(strongPassword);
    await page.getByLabel(/^Confirm password/).fill(strongPassword);
    await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/client');
  });
});

test('the Team, Catalog and invite screens have no axe violations', async ({
  browser,
  request,
}) => {
  const { client: owner } = await clientOnPlan(request, 'Pro', 'Axel Access');
  const trial = await createClientAccount(request, 'Tess Trialaxe');
  const invitee = uniqueEmail('axe');
  expect((await postAs(request, owner, '/api/team/invite', { email: invitee })).status()).toBe(201);
  const link = linkIn(await waitForMail(invitee, /\/invite\//), '/invite/');
  const fresh = await freshPage(browser);
  const page = fresh.page;
  const axe = async () => (await new AxeBuilder({ page }).analyze()).violations;

  await page.goto(link);
  await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
  expect(await axe()).toEqual([]);

  await openSignedIn(page, trial, '/team');
  await expect(page.getByText(teamMessages.notEnabled)).toBeVisible();
  expect(await axe()).toEqual([]);

  await page.evaluate(() => localStorage.clear());
  await openSignedIn(page, owner, '/team');
  await expect(page.getByRole('list', { name: 'Pending invites' })).toBeVisible();
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(await axe()).toEqual([]);

  await page.goto('/catalog');
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await axe()).toEqual([]);
  await fresh.close();
});
