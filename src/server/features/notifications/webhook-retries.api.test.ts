import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { webhookDeliveries } from '#server/db/schema.ts';
import { eraseAccount } from '#server/domain/accounts/erasure.ts';
import {
  deleteOldDeliveries,
  signNotice,
} from '#server/domain/notifications/webhook-deliveries.ts';
import { signatureHeaders } from '#shared/notifications.ts';
import type { WebhookDeliveryPage } from '#shared/outbox.ts';
import { pageCursorMessage } from '#shared/page-cursor.ts';
import { startDownListener } from '#test/support/fake-listener.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// A run notice for a webhook is kept until the listener takes it: tried at once, then
// again with back-off for a day while the listener is down or answers an error, signed
// anew each time with the secret read at that moment; after a day it is failed and shown
// to admins in the Outbox, who may send it again.

const t = await build({
  config: loadConfig({
    DATA_DIR: '.tmp/unused',
    LOG_LEVEL: 'silent',
    ALLOW_PRIVATE_WEBHOOKS: 'true',
  }),
});
const db = t.deps.database.db;
const notifier = t.app.notifier;
const admin = await t.createUser({ role: 'Admin' });
const listeners: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(listeners.map((l) => l.close())));

const SECOND = 1_000;
const HOUR = 3_600_000;

async function proWithWebhook(url: string) {
  const pro = await createClient(t, { plan: 'Pro' });
  const saved = await t.injectAs(pro.token, {
    method: 'PUT',
    url: '/api/settings/notifications',
    payload: { emailOnFailure: false, emailOnSkip: false, dailySummary: false, webhookUrl: url },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const process = await createProcessFor(t, pro.user.id, { name: 'Webhook sync' });
  const fail = async () => {
    notifier.notify({
      processId: process.id,
      ownerId: pro.user.id,
      kind: 'failure',
      reason: 'the workflow answered 500',
    });
    await notifier.idle();
  };
  return { pro, secret: saved.json().webhookSecret as string, fail };
}

const deliveriesOf = (userId: string) =>
  db.select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, userId));

async function onlyDelivery(userId: string) {
  const [row, ...rest] = await deliveriesOf(userId);
  expect(rest).toEqual([]);
  if (!row) throw new Error('no delivery');
  return row;
}

/** Runs the job's round just after the delivery's next attempt is due. */
async function retryWhenDue(userId: string) {
  const row = await onlyDelivery(userId);
  const at = new Date(row.nextAttemptAt.getTime() + SECOND);
  await notifier.deliverWebhooks(at);
  return at;
}

const outboxWebhooks = async (query = '') =>
  (
    await t.injectAs(admin.token, { method: 'GET', url: `/api/admin/outbox/webhooks${query}` })
  ).json() as WebhookDeliveryPage;

describe('webhook notices', () => {
  it('are retried while the listener is down, then answers 500, until it takes one', async () => {
    const listener = await startDownListener();
    listeners.push(listener);
    const { pro, secret, fail } = await proWithWebhook(listener.url('/notices'));

    await fail();
    let row = await onlyDelivery(pro.user.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toBe('The webhook could not be reached (ECONNREFUSED).');

    // Not due yet: nothing is tried before the back-off has run out.
    expect(await notifier.deliverWebhooks(new Date(row.nextAttemptAt.getTime() - SECOND))).toBe(0);

    await listener.up(500);
    await retryWhenDue(pro.user.id);
    row = await onlyDelivery(pro.user.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row.lastError).toBe('The webhook answered 500.');

    await listener.up(200);
    const at = await retryWhenDue(pro.user.id);
    row = await onlyDelivery(pro.user.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });

    // Later rounds leave it alone: the listener took it exactly once.
    await notifier.deliverWebhooks(new Date(at.getTime() + 2 * HOUR));
    expect(listener.heard.map((h) => h.status)).toEqual([500, 200]);
    const taken = listener.heard[1]!;
    const timestamp = String(taken.headers[signatureHeaders.timestamp]);
    expect(taken.headers[signatureHeaders.signature]).toBe(
      signNotice(secret, timestamp, taken.body),
    );
    expect(JSON.parse(taken.body)).toMatchObject({
      event: 'run.failed',
      process: { name: 'Webhook sync' },
      text: expect.stringContaining('"Webhook sync" failed: the workflow answered 500.'),
    });
  });

  it('fail after a day of tries, show first in the admin Outbox, and can be sent again', async () => {
    const listener = await startDownListener();
    listeners.push(listener);
    const { pro, secret, fail } = await proWithWebhook(listener.url('/down'));
    await fail();
    const first = (await onlyDelivery(pro.user.id)).createdAt.getTime();
    let last = first;
    for (let round = 0; round < 40; round++) {
      if ((await onlyDelivery(pro.user.id)).status !== 'pending') break;
      last = (await retryWhenDue(pro.user.id)).getTime();
    }
    const row = await onlyDelivery(pro.user.id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBeGreaterThan(20);
    // Tried for a day, not for hours nor for ever.
    expect(last - first).toBeGreaterThan(23 * HOUR);
    expect(last - first).toBeLessThan(26 * HOUR);

    const page = await outboxWebhooks();
    expect(page.deliveries[0]).toMatchObject({
      id: row.id,
      to: { id: pro.user.id, email: pro.user.email, name: pro.user.name },
      event: 'run.failed',
      status: 'failed',
      attempts: row.attempts,
      lastError: 'The webhook could not be reached (ECONNREFUSED).',
    });
    expect(page.counts.failed).toBeGreaterThanOrEqual(1);
    // The admin navigation's Outbox badge counts it beside failed mail.
    const badge = await t.injectAs(admin.token, {
      method: 'GET',
      url: '/api/admin/outbox/failed-count',
    });
    expect(badge.json().failedWebhooks).toBe(page.counts.failed);
    // Never the listener's address nor the secret.
    const raw = JSON.stringify(page);
    expect(raw).not.toContain(listener.url(''));
    expect(raw).not.toContain(secret);

    const client = await createClient(t, { plan: 'Pro' });
    const refused = await t.injectAs(client.token, {
      method: 'GET',
      url: '/api/admin/outbox/webhooks',
    });
    expect(refused.statusCode).toBe(403);

    await listener.up(200);
    const resent = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/outbox/webhooks/${row.id}/resend`,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    await notifier.deliverWebhooks(new Date(Date.now() + SECOND));
    expect(await onlyDelivery(pro.user.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(listener.heard).toHaveLength(1);
    const again = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/outbox/webhooks/${row.id}/resend`,
    });
    expect(again.statusCode).toBe(409);
  });

  it('end as failed with a clear reason when the webhook was removed', async () => {
    const listener = await startDownListener();
    listeners.push(listener);
    const { pro, fail } = await proWithWebhook(listener.url('/removed'));
    await fail();
    await t.injectAs(pro.token, {
      method: 'PUT',
      url: '/api/settings/notifications',
      payload: { emailOnFailure: false, emailOnSkip: false, dailySummary: false, webhookUrl: null },
    });
    await listener.up(200);
    await retryWhenDue(pro.user.id);
    expect(await onlyDelivery(pro.user.id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'The webhook was removed from the notification settings.',
    });
    expect(listener.heard).toHaveLength(0);
  });

  it('page in the Outbox without skipping or repeating notices made in one statement', async () => {
    const person = await createClient(t, { plan: 'Pro' });
    // One statement: every row gets the same created_at, so only the id tells them apart.
    await db.insert(webhookDeliveries).values(
      ['failed', 'pending', 'failed', 'sent', 'failed', 'pending', 'sent'].map((status) => ({
        userId: person.user.id,
        event: 'run.failed',
        body: '{}',
        status: status as 'failed' | 'pending' | 'sent',
      })),
    );
    const seen: { id: string; status: string }[] = [];
    let before: string | null = null;
    for (let round = 0; round < 20; round++) {
      const query: string = `?limit=2${before ? `&before=${encodeURIComponent(before)}` : ''}`;
      const page = await outboxWebhooks(query);
      seen.push(...page.deliveries);
      before = page.nextCursor;
      if (!before) break;
    }
    const ids = seen.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    const all = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries);
    expect(ids.sort()).toEqual(all.map((r) => r.id).sort());
    // A cursor the server could not have given (a time to the millisecond) is refused.
    const stale = await t.injectAs(admin.token, {
      method: 'GET',
      url: `/api/admin/outbox/webhooks?before=${encodeURIComponent(`failed|2026-11-26T09:15:02.123Z|${ids[0]}`)}`,
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(pageCursorMessage);
    // Failed first: no failed notice after the first one that is not.
    const firstOther = seen.findIndex((d) => d.status !== 'failed');
    expect(firstOther).toBeGreaterThan(0);
    expect(seen.slice(firstOther).some((d) => d.status === 'failed')).toBe(false);
  });
});

describe('the retention job', () => {
  it('deletes delivered notices after a week, and keeps those waiting or failed', async () => {
    const person = await createClient(t, { plan: 'Pro' });
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * HOUR);
    const rows = await db
      .insert(webhookDeliveries)
      .values(
        (
          [
            ['sent', 8],
            ['sent', 6],
            ['pending', 8],
            ['failed', 8],
          ] as const
        ).map(([status, age]) => ({
          userId: person.user.id,
          event: 'run.failed',
          body: '{}',
          status,
          createdAt: daysAgo(age),
        })),
      )
      .returning();
    expect(await deleteOldDeliveries(db)).toBeGreaterThanOrEqual(1);
    const left = await deliveriesOf(person.user.id);
    expect(left.map((r) => r.id).sort()).toEqual(
      rows
        .slice(1)
        .map((r) => r.id)
        .sort(),
    );
  });
});

describe('erasing an account', () => {
  it('deletes the notices kept for its webhook', async () => {
    const listener = await startDownListener();
    listeners.push(listener);
    const { pro, fail } = await proWithWebhook(listener.url('/erased'));
    await fail();
    expect(await deliveriesOf(pro.user.id)).toHaveLength(1);
    expect(await eraseAccount(db, pro.user.id, { actorId: null, ip: null, reason: 'admin' })).toBe(
      true,
    );
    expect(await deliveriesOf(pro.user.id)).toEqual([]);
  });
});
