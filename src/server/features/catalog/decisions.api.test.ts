import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, catalogTemplates, outbox, processes } from '#server/db/schema.ts';
import { seedCatalog } from '#server/db/seed/catalog.ts';
import { catalogMessages } from '#shared/catalog.ts';
import { createClient } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// Answering catalog requests: the admin's queue, approve into a working process,
// decline with a reason the client reads, a mail either way.

const t = await build();
const db = t.deps.database.db;
await seedCatalog(db);
const admin = await t.createUser({ role: 'Admin' });
const [template] = await db.select().from(catalogTemplates).limit(1);
const post = (token: string, url: string, payload: object) =>
  t.injectAs(token, { method: 'POST', url, payload });

async function requested() {
  const client = await createClient(t, { plan: 'Basic', entitlements: { manualTrigger: true } });
  const asked = await post(client.token, `/api/catalog/request-access/${template!.id}`, {});
  expect(asked.statusCode).toBe(201);
  return { client, requestId: asked.json().request._id as string };
}

const queue = async (status = 'requested') =>
  (
    await t.injectAs(admin.token, {
      method: 'GET',
      url: `/api/admin/catalog-requests?status=${status}`,
    })
  ).json();

describe('catalog request decisions', () => {
  it('queues open requests with their client, and approves one into a working process', async () => {
    const { client, requestId } = await requested();
    const open = await queue();
    expect(open).toContainEqual(
      expect.objectContaining({
        _id: requestId,
        status: 'requested',
        templateName: template!.name,
        client: expect.objectContaining({ _id: client.user.id, email: client.user.email }),
      }),
    );
    const noUrl = await post(admin.token, `/api/admin/catalog-requests/${requestId}/approve`, {
      createProcess: true,
    });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().errors).toEqual({ n8nWebhookUrl: catalogMessages.webhookNeeded });

    const approved = await post(admin.token, `/api/admin/catalog-requests/${requestId}/approve`, {
      createProcess: true,
      n8nWebhookUrl: 'https://n8n.example.com/webhook/intake',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(catalogMessages.approvedWithProcess);
    const [process] = await db
      .select()
      .from(processes)
      .where(eq(processes.clientUserId, client.user.id));
    expect(process).toMatchObject({
      name: template!.name,
      n8nWebhookUrl: 'https://n8n.example.com/webhook/intake',
      isActive: true,
    });

    // The client sees it approved, and it is in their processes.
    const seen = await t.injectAs(client.token, { method: 'GET', url: '/api/catalog/templates' });
    expect(seen.json().find((x: { _id: string }) => x._id === template!.id)).toMatchObject({
      requestStatus: 'approved',
      declineReason: null,
      processId: process!.id,
    });
    const mine = await t.injectAs(client.token, { method: 'GET', url: '/api/n8n/my-processes' });
    expect(mine.json().map((p: { name: string }) => p.name)).toContain(template!.name);
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, client.user.email), eq(outbox.kind, 'catalog-answer')));
    expect(mail?.subject).toBe(`Your request for "${template!.name}" is approved`);
    expect(mail?.text).toContain('/client/processes');
    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.userId, client.user.id),
          eq(auditLogs.actorId, admin.user.id),
          eq(auditLogs.source, 'catalog'),
        ),
      );
    expect(entry?.message).toBe(
      `Catalog request for "${template!.name}" approved, process created`,
    );

    const twice = await post(admin.token, `/api/admin/catalog-requests/${requestId}/approve`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(catalogMessages.alreadyAnswered);
    expect((await queue()).some((r: { _id: string }) => r._id === requestId)).toBe(false);
  });

  it('declines with a reason the client reads and is mailed', async () => {
    const { client, requestId } = await requested();
    const empty = await post(admin.token, `/api/admin/catalog-requests/${requestId}/decline`, {
      reason: '  ',
    });
    expect(empty.json().errors).toEqual({ reason: catalogMessages.reasonRequired });
    const reason = 'This template needs a CRM you do not use yet; let us talk about alternatives.';
    const declined = await post(admin.token, `/api/admin/catalog-requests/${requestId}/decline`, {
      reason,
    });
    expect(declined.json().message).toBe(catalogMessages.declined);
    const seen = await t.injectAs(client.token, { method: 'GET', url: '/api/catalog/templates' });
    expect(seen.json().find((x: { _id: string }) => x._id === template!.id)).toMatchObject({
      requestStatus: 'declined',
      declineReason: reason,
    });
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, client.user.email), eq(outbox.kind, 'catalog-answer')));
    expect(mail?.text).toContain(reason);
    // A declined template can be asked for again.
    const again = await post(client.token, `/api/catalog/request-access/${template!.id}`, {});
    expect(again.statusCode).toBe(201);
  });

  it('is for admins only and knows no stranger ids', async () => {
    const { client, requestId } = await requested();
    expect(
      (await post(client.token, `/api/admin/catalog-requests/${requestId}/approve`, {})).statusCode,
    ).toBe(403);
    expect(
      (await t.injectAs(client.token, { method: 'GET', url: '/api/admin/catalog-requests' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await post(admin.token, '/api/admin/catalog-requests/not-an-id/decline', { reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});
