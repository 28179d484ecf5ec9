import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { planCapabilities } from '#shared/plans.ts';
import { createClient } from '#test/support/portal.ts';
import { addTeamMember } from '#test/support/team.ts';
import { build } from '#test/support/test-app.ts';

const t = await build();
const account = (token: string) => t.injectAs(token, { method: 'GET', url: '/api/account' });

describe('GET /api/account', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
  });

  it("gives an owner their own plan's capabilities with entitlements applied", async () => {
    const owner = await createClient(t, { plan: 'Basic', entitlements: { analytics: true } });
    const response = await account(owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      teamRole: 'owner',
      canManage: true,
      canManageBilling: true,
      plan: 'Basic',
      subscriptionStatus: 'active',
      capabilities: { ...planCapabilities.Basic, hasAnalyticsAccess: true },
    });
  });

  it("gives a team member the owner's plan, not their own, and no billing", async () => {
    const owner = await createClient(t, { plan: 'Pro', entitlements: {} });
    const member = await addTeamMember(t, owner.user.id, 'member');
    const body = (await account(member.token)).json();
    expect(body).toMatchObject({
      teamRole: 'member',
      canManage: false,
      canManageBilling: false,
      plan: 'Pro',
      owner: { name: owner.user.name },
      capabilities: planCapabilities.Pro,
    });
    const teamAdmin = await addTeamMember(t, owner.user.id, 'admin');
    expect((await account(teamAdmin.token)).json()).toMatchObject({
      teamRole: 'admin',
      canManage: true,
      canManageBilling: false,
    });
  });

  it('says where Need Help goes: HELPDESK_URL when set, else nowhere (the contact page)', async () => {
    const owner = await createClient(t);
    expect((await account(owner.token)).json().helpdeskUrl).toBeNull();
    const withDesk = await build({
      config: loadConfig({ LOG_LEVEL: 'silent', HELPDESK_URL: 'https://help.example.com/portal' }),
      database: t.deps.database,
    });
    const answer = await withDesk.injectAs(owner.token, { method: 'GET', url: '/api/account' });
    expect(answer.json().helpdeskUrl).toBe('https://help.example.com/portal');
  });
});
