import { and, asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { alertIncidents, auditLogs, outbox, runs, schedules } from '#server/db/schema.ts';
import { signNotice } from '#server/domain/notifications/webhook-deliveries.ts';
import { createN8nApi } from '#server/integrations/n8n/api.ts';
import { alertMessages } from '#shared/alerts.ts';
import { signatureHeaders } from '#shared/notifications.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';
import { type AlertEvaluationDeps, evaluateAlerts } from './evaluate.ts';

// Alerts to the consultancy: the admin's settings, checked by the shared schema, and the
// evaluation: one incident per subject with one alert by mail and signed webhook, nothing
// more while it lasts, one recovery message when it clears, each in the audit log.

// Private addresses allowed: the test webhook listens on loopback over http.
const t = await build({
  config: loadConfig({
    DATA_DIR: '.tmp/unused',
    LOG_LEVEL: 'silent',
    ALLOW_PRIVATE_WEBHOOKS: 'true',
    PUBLIC_URL: 'https://portal.example.test',
  }),
});
const n8n = await startFakeN8n();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });
const deps: AlertEvaluationDeps = {
  db,
  publicUrl: 'https://portal.example.test',
  allowPrivate: true,
  n8nApi: null,
  smtpConfigured: false,
  recheckMs: 0,
};

const put = (payload: object, token = admin.token) =>
  t.injectAs(token, { method: 'PUT', url: '/api/admin/alerts', payload });
const settings = (overrides: object = {}) => ({
  emails: ['ops@consultancy.test'],
  webhookUrl: n8n.url('/ok/alerts'),
  failuresInARow: 3,
  successRateBelow: 0,
  scheduleMissed: true,
  n8nUnreachable: true,
  mailFailing: true,
  ...overrides,
});

let minute = 0;
/** A settled run of the process, each a minute after the last (in n8n's words when failed). */
async function settle(
  process: { id: string; clientUserId: string },
  ok: boolean,
  /** The workflow's answer to a failure that kept no error text (an HTTP error). */
  answer?: string,
) {
  const startedAt = new Date(Date.now() - 60 * 60_000 + minute++ * 60_000);
  await db.insert(runs).values({
    processId: process.id,
    clientUserId: process.clientUserId,
    trigger: 'schedule',
    startedAt,
    state: 'finished',
    ok,
    statusCode: ok ? 200 : 500,
    durationMs: 300,
    error: ok || answer ? null : 'Bad request - please check your parameters',
    bodySnippet: answer ?? null,
  });
}

const alertMails = (about: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'alert'), like(outbox.subject, `%${about}%`)))
    .orderBy(asc(outbox.createdAt));
const incidentsOf = (processId: string) =>
  db.select().from(alertIncidents).where(eq(alertIncidents.processId, processId));
const webhookCalls = (processId: string) =>
  n8n.to('/ok/alerts').filter((call) => call.body.includes(processId));

describe('alert settings', () => {
  it('are the defaults until an admin saves, and admins only', async () => {
    const read = await t.injectAs(admin.token, { method: 'GET', url: '/api/admin/alerts' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      emails: [],
      webhookUrl: null,
      failuresInARow: 3,
      successRateBelow: 90,
      scheduleMissed: true,
      updatedAt: null,
    });
    const client = await createClient(t);
    expect(
      (await t.injectAs(client.token, { method: 'GET', url: '/api/admin/alerts' })).statusCode,
    ).toBe(403);
    expect((await put(settings(), client.token)).statusCode).toBe(403);
  });

  it('refuse a bad address, a bad URL or a count out of range with the shared message', async () => {
    const badEmail = await put(settings({ emails: ['ops@consultancy.test', 'not-an-address'] }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({
      message: alertMessages.email('not-an-address'),
      errors: { emails: alertMessages.email('not-an-address') },
    });
    const badUrl = await put(settings({ webhookUrl: 'ftp://hooks.example.test/x' }));
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().message).toBe(alertMessages.webhookUrl);
    const tooMany = await put(settings({ failuresInARow: 101 }));
    expect(tooMany.json().errors).toEqual({ failuresInARow: alertMessages.failuresInARow });
    const many = Array.from({ length: 11 }, (_, i) => `ops${i}@consultancy.test`);
    expect((await put(settings({ emails: many }))).json().message).toBe(
      alertMessages.tooManyEmails,
    );
  });

  it('give the signing secret whole once, then its end only, and rotate it', async () => {
    const saved = await put(settings({ emails: ['Ops@Consultancy.test', 'ops@consultancy.test'] }));
    expect(saved.statusCode, saved.body).toBe(200);
    const secret = saved.json().webhookSecret as string;
    expect(secret).toMatch(/^asec_/);
    expect(saved.json()).toMatchObject({
      emails: ['ops@consultancy.test'],
      webhookSecretHint: `…${secret.slice(-4)}`,
    });
    const again = await put(settings());
    expect(again.json()).toMatchObject({
      webhookSecret: null,
      webhookSecretHint: `…${secret.slice(-4)}`,
    });
    const read = await t.injectAs(admin.token, { method: 'GET', url: '/api/admin/alerts' });
    expect(read.body).not.toContain(secret);
    const rotated = await t.injectAs(admin.token, {
      method: 'POST',
      url: '/api/admin/alerts/secret',
    });
    expect(rotated.json().webhookSecret).not.toBe(secret);
    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.message, 'Alert webhook signing secret rotated'));
    expect(entry?.actorId).toBe(admin.user.id);
  });

  it('send a test alert to every address and the webhook', async () => {
    await put(settings());
    const before = n8n.to('/ok/alerts').length;
    const tested = await t.injectAs(admin.token, { method: 'POST', url: '/api/admin/alerts/test' });
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json()).toEqual({
      message: 'Test alert mailed to 1 address. Also posted to the webhook, which answered 200.',
      emails: 1,
      webhookStatus: 200,
    });
    expect((await alertMails('Test alert')).map((m) => m.to)).toContain('ops@consultancy.test');
    const calls = n8n.to('/ok/alerts').slice(before);
    expect(calls.map((call) => JSON.parse(call.body).event)).toEqual(['alert.test']);
  });
});

describe('the alert evaluation', () => {
  it('opens one incident after three failures, tells it once, and clears it on a success', async () => {
    expect((await put(settings())).statusCode).toBe(200);
    // The secret the receiver checks with: a rotation gives it whole.
    const rotated = await t.injectAs(admin.token, {
      method: 'POST',
      url: '/api/admin/alerts/secret',
    });
    const secret = rotated.json().webhookSecret as string;
    const owner = await createClient(t);
    const process = await createProcessFor(t, owner.user.id, { name: 'Invoice sync' });

    await settle(process, false);
    await settle(process, false);
    await evaluateAlerts(deps);
    expect(await incidentsOf(process.id)).toEqual([]);

    await settle(process, false);
    await evaluateAlerts(deps);
    const [incident, ...more] = await incidentsOf(process.id);
    expect(more).toEqual([]);
    expect(incident).toMatchObject({
      kind: 'process_failing',
      cause: 'Bad request - please check your parameters',
      clearedAt: null,
    });
    expect(incident?.alertedAt).not.toBeNull();
    const [mail, ...otherMails] = await alertMails('Invoice sync');
    expect(otherMails).toEqual([]);
    expect(mail?.to).toBe('ops@consultancy.test');
    expect(mail?.subject).toContain('Invoice sync');
    expect(mail?.text).toContain('Failures in a row: 3');
    expect(mail?.text).toContain('Last error: Bad request - please check your parameters');
    expect(mail?.text).toContain(
      `https://portal.example.test/admin/runs?processId=${process.id}&outcome=failed`,
    );
    const [call, ...otherCalls] = webhookCalls(process.id);
    expect(otherCalls).toEqual([]);
    const timestamp = String(call?.headers[signatureHeaders.timestamp]);
    expect(call?.headers[signatureHeaders.signature]).toBe(
      signNotice(secret, timestamp, call?.body ?? ''),
    );
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({
      event: 'alert.opened',
      text: expect.stringContaining('Invoice sync'),
      incident: { kind: 'process_failing', processId: process.id },
    });

    // A fourth failure, and passes after it: nothing new.
    await settle(process, false);
    await evaluateAlerts(deps);
    await evaluateAlerts(deps);
    expect(await incidentsOf(process.id)).toHaveLength(1);
    expect(await alertMails('Invoice sync')).toHaveLength(1);
    expect(webhookCalls(process.id)).toHaveLength(1);

    // A success clears it, with one recovery message by each channel.
    await settle(process, true);
    await evaluateAlerts(deps);
    await evaluateAlerts(deps);
    const [cleared] = await incidentsOf(process.id);
    expect(cleared?.clearedAt).not.toBeNull();
    expect(cleared?.recoveryAlertedAt).not.toBeNull();
    const mails = await alertMails('Invoice sync');
    expect(mails.map((m) => m.subject.split(':')[0])).toEqual(['Alert', 'Cleared']);
    expect(mails[1]?.text).toContain('The process ran successfully again.');
    expect(webhookCalls(process.id).map((c) => JSON.parse(c.body).event)).toEqual([
      'alert.opened',
      'alert.cleared',
    ]);
    const entries = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.source, 'alerts'), eq(auditLogs.processId, process.id)))
      .orderBy(asc(auditLogs.createdAt));
    expect(entries.map((e) => [e.level, e.message])).toEqual([
      ['warning', `Alert: ${incident?.title}`],
      ['info', `Alert cleared: ${incident?.title}`],
    ]);
    expect(entries[0]?.details).toMatchObject({ emails: 1, webhookStatus: 200 });
  });

  it('opens one incident when two evaluations run at once', async () => {
    await put(settings());
    const owner = await createClient(t);
    const process = await createProcessFor(t, owner.user.id, { name: 'Stock pull' });
    for (let i = 0; i < 3; i++) await settle(process, false, 'workflow\n exploded');
    const results = await Promise.all([evaluateAlerts(deps), evaluateAlerts(deps)]);
    const [incident, ...more] = await incidentsOf(process.id);
    expect(more).toEqual([]);
    expect(incident?.cause).toBe('The workflow answered 500: workflow exploded');
    expect(results.reduce((sum, r) => sum + r.opened, 0)).toBeGreaterThanOrEqual(1);
    expect(await alertMails('Stock pull')).toHaveLength(1);
    expect(webhookCalls(process.id)).toHaveLength(1);
  });

  it("opens an incident for a client's low success rate, with enough runs to judge", async () => {
    await put(settings({ failuresInARow: 0, successRateBelow: 90 }));
    const owner = await createClient(t);
    const process = await createProcessFor(t, owner.user.id, { name: 'Rate check' });
    for (const ok of [true, false, true, false]) await settle(process, ok);
    await evaluateAlerts(deps);
    const open = () =>
      db.select().from(alertIncidents).where(eq(alertIncidents.subjectKey, owner.user.id));
    expect(await open()).toEqual([]); // four runs are too few to judge
    await settle(process, true);
    await evaluateAlerts(deps);
    const [incident] = await open();
    expect(incident).toMatchObject({ kind: 'client_success_rate', clearedAt: null });
    expect(incident?.cause).toContain('2 of 5 runs failed');
    // The rule turned off clears it.
    await put(settings({ failuresInARow: 0, successRateBelow: 0 }));
    await evaluateAlerts(deps);
    expect((await open())[0]?.clearedAt).not.toBeNull();
  });

  it('tells when n8n cannot be reached, and when it answers again', async () => {
    await put(settings({ failuresInARow: 0 }));
    const down = createN8nApi({ url: 'http://127.0.0.1:9', apiKey: 'k', timeoutMs: 1_000 });
    await evaluateAlerts({ ...deps, n8nApi: down });
    const [incident] = await db
      .select()
      .from(alertIncidents)
      .where(eq(alertIncidents.kind, 'n8n_unreachable'));
    expect(incident?.clearedAt).toBeNull();
    expect(incident?.cause).toContain('could not be reached');
    await evaluateAlerts({
      ...deps,
      n8nApi: createN8nApi({ url: n8n.url(''), apiKey: n8n.apiKey }),
    });
    const [after] = await db
      .select()
      .from(alertIncidents)
      .where(eq(alertIncidents.id, incident?.id ?? ''));
    expect(after?.clearedAt).not.toBeNull();
    expect(await alertMails("n8n's API")).toHaveLength(2);
  });

  it('tells of a schedule that did not fire, until it fires', async () => {
    await put(settings({ failuresInARow: 0 }));
    const owner = await createClient(t);
    const process = await createProcessFor(t, owner.user.id, { name: 'Nightly export' });
    const [schedule] = await db
      .insert(schedules)
      .values({
        processId: process.id,
        clientUserId: owner.user.id,
        cron: '0 2 * * *',
        nextRunAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning();
    await evaluateAlerts(deps);
    const [incident] = await incidentsOf(process.id);
    expect(incident).toMatchObject({ kind: 'schedule_missed', subjectKey: schedule?.id });
    expect(incident?.cause).toMatch(/not started 10 minutes later/);
    await db
      .update(schedules)
      .set({ nextRunAt: new Date(Date.now() + 60 * 60_000) })
      .where(eq(schedules.id, schedule?.id ?? ''));
    await evaluateAlerts(deps);
    expect((await incidentsOf(process.id))[0]?.clearedAt).not.toBeNull();
    expect((await alertMails('Nightly export')).map((m) => m.subject.split(':')[0])).toEqual([
      'Alert',
      'Cleared',
    ]);
  });

  it('tells of mail waiting too long only when SMTP is configured', async () => {
    await put(settings({ failuresInARow: 0, scheduleMissed: false }));
    const [stuck] = await db
      .insert(outbox)
      .values({
        to: 'someone@example.test',
        subject: 'Waiting',
        text: 'x',
        kind: 'test',
        attempts: 3,
        lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
        createdAt: new Date(Date.now() - 20 * 60_000),
      })
      .returning();
    const mailIncident = () =>
      db.select().from(alertIncidents).where(eq(alertIncidents.kind, 'mail_failing'));
    await evaluateAlerts(deps);
    expect(await mailIncident()).toEqual([]);
    await evaluateAlerts({ ...deps, smtpConfigured: true });
    const [incident] = await mailIncident();
    expect(incident?.cause).toBe('connect ECONNREFUSED 127.0.0.1:2525');
    await db
      .update(outbox)
      .set({ status: 'sent' })
      .where(eq(outbox.id, stuck?.id ?? ''));
    await evaluateAlerts({ ...deps, smtpConfigured: true });
    expect((await mailIncident())[0]?.clearedAt).not.toBeNull();
  });

  it('lists incidents open first, then all, a page at a time', async () => {
    const open = await t.injectAs(admin.token, {
      method: 'GET',
      url: '/api/admin/alerts/incidents',
    });
    expect(open.statusCode, open.body).toBe(200);
    const page = open.json();
    expect(page.incidents.every((i: { clearedAt: string | null }) => i.clearedAt === null)).toBe(
      true,
    );
    expect(page.open).toBe(page.incidents.length);
    const all = await t.injectAs(admin.token, {
      method: 'GET',
      url: '/api/admin/alerts/incidents?state=all',
    });
    expect(all.json().incidents.length).toBeGreaterThan(page.incidents.length);
    const bad = await t.injectAs(admin.token, {
      method: 'GET',
      url: '/api/admin/alerts/incidents?state=all&cursor=nope',
    });
    expect(bad.statusCode).toBe(400);
  });
});
