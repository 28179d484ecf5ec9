import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { outbox, schedules } from '#server/db/schema.ts';
import { signNotice } from '#server/domain/notifications/webhook-deliveries.ts';
import { createSchedulerLoop } from '#server/jobs/scheduler-loop.ts';
import { notificationMessages, signatureHeaders } from '#shared/notifications.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// Notifications: Pro only, a mail and a signed webhook when a run fails, bursts
// grouped into one notice per 15 minutes with the rest counted, a daily summary instead.

// Private addresses allowed: the test webhooks listen on loopback over http.
const t = await build({
  config: loadConfig({
    DATA_DIR: '.tmp/unused',
    LOG_LEVEL: 'silent',
    ALLOW_PRIVATE_WEBHOOKS: 'true',
  }),
});
const n8n = await startFakeN8n();
const db = t.deps.database.db;
const notifier = t.app.notifier;

const put = (token: string, payload: object) =>
  t.injectAs(token, { method: 'PUT', url: '/api/settings/notifications', payload });
const trigger = (token: string, id: string) =>
  t.injectAs(token, { method: 'POST', url: `/api/n8n/trigger/${id}`, payload: {} });
const notices = (to: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.kind, 'run-notice')));

describe('notifications', () => {
  it('are for plans that include them, on the server too', async () => {
    const basic = await createClient(t, { plan: 'Basic' });
    const refused = await t.injectAs(basic.token, {
      method: 'GET',
      url: '/api/settings/notifications',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(notificationMessages.notIncluded);
    expect(
      (await put(basic.token, { emailOnFailure: true, emailOnSkip: false, dailySummary: false }))
        .statusCode,
    ).toBe(403);
  });

  it('mail and sign a webhook on a failed run, then group a burst and tell the rest later', async () => {
    const pro = await createClient(t, { plan: 'Pro', entitlements: { manualTrigger: true } });
    const hook = n8n.url(`/ok/notify-${pro.user.id}`);
    const saved = await put(pro.token, {
      emailOnFailure: true,
      emailOnSkip: true,
      dailySummary: false,
      webhookUrl: hook,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const secret = saved.json().webhookSecret as string;
    expect(secret).toMatch(/^nsec_/);
    const process = await createProcessFor(t, pro.user.id, {
      name: 'Invoice sync',
      n8nWebhookUrl: n8n.url('/fail/sync'),
    });

    await trigger(pro.token, process.id);
    await notifier.idle();
    const [mail] = await notices(pro.user.email);
    expect(mail?.subject).toBe('Run failed: Invoice sync');
    // The link opens this process's run history.
    expect(mail?.text).toContain(`/client/processes?runs=${process.id}`);
    const [call] = n8n.to(`/ok/notify-${pro.user.id}`);
    const timestamp = String(call?.headers[signatureHeaders.timestamp]);
    expect(call?.headers[signatureHeaders.signature]).toBe(
      signNotice(secret, timestamp, call?.body ?? ''),
    );
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({
      event: 'run.failed',
      process: { name: 'Invoice sync' },
      text: expect.stringContaining('Run failed: Invoice sync'),
    });

    // Two more failures within the window: no new notice, counted instead.
    await trigger(pro.token, process.id);
    await trigger(pro.token, process.id);
    await notifier.idle();
    expect(await notices(pro.user.email)).toHaveLength(1);
    expect(n8n.to(`/ok/notify-${pro.user.id}`)).toHaveLength(1);
    expect(await notifier.flushHeld(new Date(Date.now() + 16 * 60_000))).toBeGreaterThanOrEqual(1);
    const after = await notices(pro.user.email);
    expect(after).toHaveLength(2);
    expect(after[1]?.text).toContain('"Invoice sync" had 2 more failed runs');
  });

  it('sends one daily summary instead of a mail per failure, and a test notice on demand', async () => {
    const pro = await createClient(t, { plan: 'Pro', entitlements: { manualTrigger: true } });
    await put(pro.token, {
      emailOnFailure: true,
      emailOnSkip: false,
      dailySummary: true,
      webhookUrl: null,
    });
    const process = await createProcessFor(t, pro.user.id, {
      name: 'Nightly export',
      n8nWebhookUrl: n8n.url('/fail/nightly'),
    });
    await trigger(pro.token, process.id);
    await notifier.idle();
    expect(await notices(pro.user.email)).toHaveLength(0);
    await notifier.dailySummaries(new Date(Date.now() + 60_000));
    const [summary] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, pro.user.email), eq(outbox.kind, 'run-summary')));
    expect(summary?.text).toContain('- Nightly export: 1 failed run');

    const noHook = await t.injectAs(pro.token, {
      method: 'POST',
      url: '/api/settings/notifications/test',
    });
    expect(noHook.statusCode).toBe(400);
    await put(pro.token, {
      emailOnFailure: false,
      emailOnSkip: false,
      dailySummary: true,
      webhookUrl: n8n.url(`/ok/test-${pro.user.id}`),
    });
    const tested = await t.injectAs(pro.token, {
      method: 'POST',
      url: '/api/settings/notifications/test',
    });
    expect(tested.json()).toEqual({ message: notificationMessages.testSent });
    expect(JSON.parse(n8n.to(`/ok/test-${pro.user.id}`)[0]?.body ?? '{}').event).toBe('test');
  });

  it('tells of a skipped scheduled run', async () => {
    const pro = await createClient(t, { plan: 'Pro' });
    await put(pro.token, { emailOnFailure: false, emailOnSkip: true, dailySummary: false });
    const process = await createProcessFor(t, pro.user.id, { name: 'Hourly pull' });
    notifier.notify({
      processId: process.id,
      ownerId: pro.user.id,
      kind: 'skip',
      reason: 'the process is paused',
    });
    await notifier.idle();
    const [mail] = await notices(pro.user.email);
    expect(mail?.subject).toBe('Scheduled run skipped: Hourly pull');
    expect(mail?.text).toContain('"Hourly pull" was skipped: the process is paused.');
  });

  it('a Pro client gets one mail and one signed webhook when a scheduled run fails', async () => {
    const pro = await createClient(t, { plan: 'Pro' });
    const hook = n8n.url(`/ok/scheduled-${pro.user.id}`);
    await put(pro.token, {
      emailOnFailure: true,
      emailOnSkip: false,
      dailySummary: false,
      webhookUrl: hook,
    });
    const process = await createProcessFor(t, pro.user.id, {
      name: 'Scheduled sync',
      n8nWebhookUrl: n8n.url('/fail/scheduled'),
    });
    await db.insert(schedules).values({
      processId: process.id,
      clientUserId: pro.user.id,
      cron: '0 0 1 1 *',
      nextRunAt: new Date(Date.now() - 1_000),
      shortestGapMinutes: 525_600,
    });
    const loop = createSchedulerLoop({ db, n8n: t.deps.integrations.n8n, notifier });
    expect(await loop.tick()).toBe(1);
    await loop.stop();
    await notifier.idle();
    const mails = await notices(pro.user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Run failed: Scheduled sync']);
    expect(n8n.to(`/ok/scheduled-${pro.user.id}`)).toHaveLength(1);
  });
});
