import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { processes, runs, teamMembers, users } from '#server/db/schema.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { addTeamMember } from '#test/support/team.ts';
import { build } from '#test/support/test-app.ts';

// The read cache answers signed-in reads from memory, but a change made anywhere, even
// straight in the database, is seen by the very next call (cache/read-cache.ts).

const t = await build();
const db = t.deps.database.db;
const myProcesses = async (token: string) => {
  const response = await t.injectAs(token, { method: 'GET', url: '/api/n8n/my-processes' });
  return {
    status: response.statusCode,
    names: response.statusCode === 200 ? response.json().map((p: { name: string }) => p.name) : [],
  };
};

describe('the read cache follows the database', () => {
  it('shows a process added, renamed or removed behind its back', async () => {
    const me = await createClient(t);
    const first = await createProcessFor(t, me.user.id, { name: 'Alpha' });
    expect((await myProcesses(me.token)).names).toEqual(['Alpha']);
    await db.insert(processes).values({ name: 'Beta', clientUserId: me.user.id });
    expect((await myProcesses(me.token)).names).toEqual(['Alpha', 'Beta']);
    await db.update(processes).set({ name: 'Aardvark' }).where(eq(processes.id, first.id));
    expect((await myProcesses(me.token)).names).toEqual(['Aardvark', 'Beta']);
    await db.delete(processes).where(eq(processes.id, first.id));
    expect((await myProcesses(me.token)).names).toEqual(['Beta']);
  });

  it('shows a new run as the last run at once', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id);
    const before = await t.injectAs(me.token, { method: 'GET', url: '/api/n8n/my-processes' });
    expect(before.json()[0].lastRun).toBeNull();
    await db.insert(runs).values({
      processId: process.id,
      clientUserId: me.user.id,
      trigger: 'manual',
      startedAt: new Date(),
      durationMs: 12,
      statusCode: 200,
      ok: true,
    });
    const after = await t.injectAs(me.token, { method: 'GET', url: '/api/n8n/my-processes' });
    expect(after.json()[0].lastRun).toMatchObject({ ok: true, statusCode: 200 });
  });

  it('ends every session the moment the token version changes', async () => {
    const me = await createClient(t);
    expect((await myProcesses(me.token)).status).toBe(200);
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, me.user.id));
    expect((await myProcesses(me.token)).status).toBe(401);
  });

  it("drops a removed member's view of the owner's processes at once", async () => {
    const owner = await createClient(t, { plan: 'Pro' });
    await createProcessFor(t, owner.user.id, { name: 'Shared' });
    const member = await addTeamMember(t, owner.user.id);
    expect((await myProcesses(member.token)).names).toEqual(['Shared']);
    await db.delete(teamMembers).where(eq(teamMembers.memberUserId, member.user.id));
    expect((await myProcesses(member.token)).names).toEqual([]);
  });
});
