import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, catalogRequests, catalogTemplates, outbox } from '#server/db/schema.ts';
import { seedCatalog, seededTemplates } from '#server/db/seed/catalog.ts';
import { brand } from '#shared/brand.ts';
import { catalogMessages } from '#shared/catalog.ts';
import { createClient } from '#test/support/portal.ts';
import { addTeamMember } from '#test/support/team.ts';
import { build } from '#test/support/test-app.ts';

const t = await build();
const db = t.deps.database.db;

beforeAll(async () => {
  await seedCatalog(db);
  await seedCatalog(db); // idempotent
});

const templates = (token: string) =>
  t.injectAs(token, { method: 'GET', url: '/api/catalog/templates' });
const requestAccess = (token: string, id: string) =>
  t.injectAs(token, { method: 'POST', url: `/api/catalog/request-access/${id}` });

describe('catalog gate', () => {
  it('answers 403 without Basic or the catalog entitlement', async () => {
    const trial = await createClient(t, { plan: 'Trial' });
    const response = await templates(trial.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(catalogMessages.notEnabled);
    const [first] = await db.select().from(catalogTemplates).limit(1);
    expect((await requestAccess(trial.token, first!.id)).statusCode).toBe(403);

    const entitled = await createClient(t, { plan: 'Trial', entitlements: { catalog: true } });
    expect((await templates(entitled.token)).statusCode).toBe(200);
    const revoked = await createClient(t, { plan: 'Pro', entitlements: { catalog: false } });
    expect((await templates(revoked.token)).statusCode).toBe(403);
  });
});

describe('GET /api/catalog/templates', () => {
  it('lists the seeded templates with name, description and tags', async () => {
    const me = await createClient(t, { plan: 'Basic' });
    const response = await templates(me.token);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.length).toBe(seededTemplates.length);
    expect(list.length).toBeGreaterThanOrEqual(8);
    for (const item of list) {
      expect(item).toEqual({
        _id: expect.any(String),
        name: expect.any(String),
        description: expect.any(String),
        tags: expect.arrayContaining([expect.any(String)]),
        requestStatus: null,
        declineReason: null,
        processId: null,
      });
    }
  });
});

describe('POST /api/catalog/request-access/{id}', () => {
  it('stores the request, audits it and e-mails the provider; a repeat answers the same', async () => {
    const me = await createClient(t, { plan: 'Basic' });
    const [template] = await db
      .select()
      .from(catalogTemplates)
      .where(eq(catalogTemplates.slug, 'daily-sales-digest'));
    const first = await requestAccess(me.token, template!.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: catalogMessages.requested,
      request: {
        templateId: template!.id,
        templateName: 'Daily sales digest',
        status: 'requested',
        requestedBy: { _id: me.user.id, email: me.user.email },
      },
    });
    const again = await requestAccess(me.token, template!.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(catalogMessages.alreadyRequested);
    expect(again.json().request._id).toBe(first.json().request._id);

    const stored = await db
      .select()
      .from(catalogRequests)
      .where(eq(catalogRequests.clientUserId, me.user.id));
    expect(stored).toHaveLength(1);
    const audit = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, me.user.id), eq(auditLogs.source, 'catalog')));
    expect(audit.map((a) => a.message)).toEqual(['Access requested to "Daily sales digest"']);
    const mails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'catalog-request'), eq(outbox.replyTo, me.user.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: t.deps.config.enquiryTo ?? brand.email });
    expect(mails[0]?.subject).toContain('Daily sales digest');

    const list = (await templates(me.token)).json();
    const shown = list.find((x: { _id: string }) => x._id === template!.id);
    expect(shown.requestStatus).toBe('requested');
  });

  it('requests for the owner’s account when a team member asks', async () => {
    const owner = await createClient(t, { plan: 'Pro' });
    const member = await addTeamMember(t, owner.user.id);
    const [template] = await db.select().from(catalogTemplates).limit(1);
    const response = await requestAccess(member.token, template!.id);
    expect(response.statusCode).toBe(201);
    const [row] = await db
      .select()
      .from(catalogRequests)
      .where(eq(catalogRequests.id, response.json().request._id));
    expect(row).toMatchObject({ clientUserId: owner.user.id, requestedBy: member.user.id });
  });

  it('answers 404 for an unknown template', async () => {
    const me = await createClient(t, { plan: 'Basic' });
    expect((await requestAccess(me.token, crypto.randomUUID())).statusCode).toBe(404);
    expect((await requestAccess(me.token, 'nope')).statusCode).toBe(404);
  });
});

describe('GET /api/admin/clients/{id}/catalog-requests', () => {
  it("shows a client's requests to admins only", async () => {
    const client = await createClient(t, { plan: 'Basic' });
    const admin = await t.createUser({ role: 'Admin' });
    const [template] = await db
      .select()
      .from(catalogTemplates)
      .where(eq(catalogTemplates.slug, 'inventory-sync'));
    await requestAccess(client.token, template!.id);
    const url = `/api/admin/clients/${client.user.id}/catalog-requests`;
    const response = await t.injectAs(admin.token, { method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        templateName: 'Inventory sync across channels',
        status: 'requested',
        requestedBy: expect.objectContaining({ email: client.user.email }),
      }),
    ]);
    expect((await t.injectAs(client.token, { method: 'GET', url })).statusCode).toBe(403);
    const unknown = `/api/admin/clients/${crypto.randomUUID()}/catalog-requests`;
    expect((await t.injectAs(admin.token, { method: 'GET', url: unknown })).statusCode).toBe(404);
  });
});
