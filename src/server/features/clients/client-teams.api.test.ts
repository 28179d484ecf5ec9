import { describe, expect, it } from 'vitest';
import { teamMembers } from '#server/db/schema.ts';
import { build } from '#test/support/test-app.ts';

// Team members work in their owner's account: the admin's client list shows them under
// the owner, never as clients of their own, and says who has not verified an address.

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin', email: `teams-${Date.now()}@example.test` });

interface Row {
  _id: string;
  emailVerified: boolean;
  team: { _id: string; email: string; teamRole: string; emailVerified: boolean }[];
}

const list = async (query = '') => {
  const response = await t.injectAs(admin.token, {
    method: 'GET',
    url: `/api/admin/clients${query}`,
  });
  expect(response.statusCode).toBe(200);
  return { rows: response.json() as Row[], total: response.headers['x-total-count'] };
};

describe('team members in the admin client list', () => {
  it('come back under their owner, not as rows of their own', async () => {
    const owner = await t.createUser({
      companyName: 'Owner Co',
      subscriptionStatus: 'active',
      subscriptionPlan: 'Pro',
      emailVerifiedAt: new Date(),
    });
    const member = await t.createUser({ role: 'Trial', name: 'Mia Member' });
    await db.insert(teamMembers).values({
      ownerUserId: owner.user.id,
      memberUserId: member.user.id,
      role: 'member',
    });

    const { rows, total } = await list();
    const ids = rows.map((row) => row._id);
    expect(ids).toContain(owner.user.id);
    expect(ids).not.toContain(member.user.id);
    // The count is of the rows the list pages through: members are not counted twice.
    expect(Number(total)).toBe(rows.length);
    const ownerRow = rows.find((row) => row._id === owner.user.id);
    expect(ownerRow?.emailVerified).toBe(true);
    expect(ownerRow?.team).toEqual([
      {
        _id: member.user.id,
        name: 'Mia Member',
        email: member.user.email,
        teamRole: 'member',
        emailVerified: false,
      },
    ]);
    // An account without a team has an empty one.
    const admins = await list('?role=Admin');
    expect(admins.rows.find((row) => row._id === admin.user.id)?.team).toEqual([]);
  });

  it("find the owner by a member's name or e-mail", async () => {
    const owner = await t.createUser({ companyName: 'Searchable Owner Inc' });
    const member = await t.createUser({ name: 'Quintessa Uniquename' });
    await db.insert(teamMembers).values({
      ownerUserId: owner.user.id,
      memberUserId: member.user.id,
      role: 'admin',
    });
    const byName = await list('?q=quintessa%20uniquename');
    expect(byName.rows.map((row) => row._id)).toEqual([owner.user.id]);
    expect(byName.rows[0]?.team.map((m) => m.teamRole)).toEqual(['admin']);
    const byOwner = await list('?q=searchable');
    expect(byOwner.rows.map((row) => row._id)).toEqual([owner.user.id]);
  });

  it('page by the keyset over owners and clients alone', async () => {
    const owner = await t.createUser();
    for (let i = 0; i < 3; i++) {
      const member = await t.createUser();
      await db.insert(teamMembers).values({
        ownerUserId: owner.user.id,
        memberUserId: member.user.id,
        role: 'member',
      });
    }
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const response = await t.injectAs(admin.token, {
        method: 'GET',
        url: `/api/admin/clients?limit=2${after ? `&after=${encodeURIComponent(after)}` : ''}`,
      });
      expect(response.statusCode).toBe(200);
      seen.push(...(response.json() as Row[]).map((row) => row._id));
      after = response.headers['x-next-cursor'] as string | undefined;
      if (!after) break;
    }
    const { rows } = await list();
    expect(seen).toEqual(rows.map((row) => row._id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(rows.find((row) => row._id === owner.user.id)?.team).toHaveLength(3);
  });
});

describe("GET /api/admin/clients/:id/team: an account's own team", () => {
  const team = (id: string) =>
    t.injectAs(admin.token, { method: 'GET', url: `/api/admin/clients/${id}/team` });

  it("names a member's owner, and lists an owner's members", async () => {
    const owner = await t.createUser({ name: 'Olga Owner', companyName: 'Olga Co' });
    const member = await t.createUser({ name: 'Tom Teammate' });
    await db.insert(teamMembers).values({
      ownerUserId: owner.user.id,
      memberUserId: member.user.id,
      role: 'admin',
    });
    const ofMember = await team(member.user.id);
    expect(ofMember.statusCode).toBe(200);
    expect(ofMember.json()).toEqual({
      owner: {
        _id: owner.user.id,
        name: 'Olga Owner',
        email: owner.user.email,
        teamRole: 'admin',
      },
      members: [],
    });
    const ofOwner = (await team(owner.user.id)).json() as { owner: null; members: Row['team'] };
    expect(ofOwner.owner).toBeNull();
    expect(ofOwner.members.map((m) => m._id)).toEqual([member.user.id]);
    const alone = await t.createUser();
    expect((await team(alone.user.id)).json()).toEqual({ owner: null, members: [] });
  });

  it('answers 404 for an account that does not exist, and 403 to a client', async () => {
    expect((await team('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const client = await t.createUser();
    const refused = await t.injectAs(client.token, {
      method: 'GET',
      url: `/api/admin/clients/${client.user.id}/team`,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/admin/billing-provider', () => {
  it('tells admins which provider bills, and no one else', async () => {
    const answer = await t.injectAs(admin.token, {
      method: 'GET',
      url: '/api/admin/billing-provider',
    });
    expect(answer.json()).toEqual({ provider: 'local' });
    const client = await t.createUser();
    const refused = await t.injectAs(client.token, {
      method: 'GET',
      url: '/api/admin/billing-provider',
    });
    expect(refused.statusCode).toBe(403);
  });
});
