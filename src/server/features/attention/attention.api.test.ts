import { describe, expect, it } from 'vitest';
import {
  alertIncidents,
  catalogRequests,
  catalogTemplates,
  enquiries,
  invoices,
  outbox,
  runs,
} from '#server/db/schema.ts';
import { runsScreenPath } from '#shared/admin-runs.ts';
import { type Attention, allClear, failuresHref, runHref } from '#shared/attention.ts';
import { paths } from '#shared/paths.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// Today, the admin's landing screen: read back through the route after writing what
// needs attention straight to its tables (runs settle through the trigger that keeps each
// process's latest outcome, docs/decisions/029-operations-console.md).

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });

async function today(token = admin.token): Promise<Attention> {
  const answer = await t.injectAs(token, { method: 'GET', url: '/api/admin/attention' });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const step = (answer: Attention, id: string) => answer.setup.steps.find((s) => s.id === id)?.done;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('GET /api/admin/attention', () => {
  it('on a fresh install answers empty sections and a checklist that ticks itself', async () => {
    const fresh = await today();
    expect(allClear(fresh)).toBe(true);
    expect(fresh.setup.hasClient).toBe(false);
    expect(fresh.setup.steps.map((s) => s.id)).toEqual([
      'brand',
      'mail',
      'billing',
      'firstClient',
      'firstProcess',
      'n8nApi',
    ]);
    // The test configuration sets no SMTP, payment instructions or n8n API.
    expect(fresh.setup.steps.every((s) => !s.done)).toBe(true);

    const client = await createClient(t);
    const withClient = await today();
    expect(withClient.setup.hasClient).toBe(true);
    expect(step(withClient, 'firstClient')).toBe(true);
    expect(step(withClient, 'firstProcess')).toBe(false);

    await createProcessFor(t, client.user.id);
    expect(step(await today(), 'firstProcess')).toBe(true);
  });

  it('answers a healthy day with empty sections', async () => {
    const client = await createClient(t);
    const process = await createProcessFor(t, client.user.id, { name: 'Healthy sync' });
    await db.insert(runs).values({
      processId: process.id,
      clientUserId: client.user.id,
      trigger: 'manual',
      ok: true,
      statusCode: 200,
      durationMs: 80,
    });
    const answer = await today();
    expect(allClear(answer)).toBe(true);
    for (const id of [
      'failing',
      'alerts',
      'runs',
      'billing',
      'requests',
      'manualRuns',
      'mail',
      'enquiries',
    ]) {
      expect(answer[id as 'failing'].items).toEqual([]);
    }
  });

  it('puts a process failing three times in a row at the top with its error', async () => {
    const client = await t.createUser({
      name: 'Dana Reyes',
      companyName: 'Reyes Freight',
      subscriptionStatus: 'active',
      subscriptionPlan: 'Basic',
    });
    const earlier = await createProcessFor(t, client.user.id, { name: 'Invoice sync' });
    const broken = await createProcessFor(t, client.user.id, { name: 'Lead intake' });
    const base = { clientUserId: client.user.id, trigger: 'schedule' as const, durationMs: 90 };
    // Another process failed once, an hour before.
    await db.insert(runs).values({
      ...base,
      processId: earlier.id,
      ok: false,
      statusCode: 500,
      errorKind: 'status',
      error: 'HTTP 500',
      startedAt: minutesAgo(60),
    });
    await db
      .insert(runs)
      .values({ ...base, processId: broken.id, ok: true, startedAt: minutesAgo(40) });
    for (const minutes of [30, 20, 10]) {
      await db.insert(runs).values({
        ...base,
        processId: broken.id,
        ok: false,
        statusCode: 500,
        errorKind: 'execution',
        error: `Node "HTTP Request" failed: 401 Unauthorized (${minutes} min ago)`,
        errorNode: 'HTTP Request',
        startedAt: minutesAgo(minutes),
      });
    }
    const { failing } = await today();
    expect(failing.total).toBe(2);
    expect(failing.items[0]).toMatchObject({
      processId: broken.id,
      processName: 'Lead intake',
      clientId: client.user.id,
      clientName: 'Dana Reyes (Reyes Freight)',
      failuresInARow: 3,
      lastError: 'Node "HTTP Request" failed: 401 Unauthorized (10 min ago)',
      runsHref: failuresHref(broken.id),
      clientHref: paths.adminClient(client.user.id),
    });
    expect(failing.items[0]?.runsHref).toBe(
      `${runsScreenPath}?processId=${broken.id}&outcome=failed`,
    );
    expect(failing.items[1]).toMatchObject({ processId: earlier.id, failuresInARow: 1 });

    // A success ends the streak: the process leaves the list.
    await db
      .insert(runs)
      .values({ ...base, processId: broken.id, ok: true, startedAt: new Date() });
    const after = await today();
    expect(after.failing.items.map((p) => p.processId)).toEqual([earlier.id]);
  });

  it('lists runs interrupted and late, the money, the queue, mail and enquiries', async () => {
    const client = await t.createUser({
      name: 'Sam Ortiz',
      subscriptionStatus: 'past_due',
      subscriptionPlan: 'Pro',
    });
    const trial = await t.createUser({
      name: 'Tia Park',
      subscriptionStatus: 'trialing',
      subscriptionPlan: 'Pro',
      currentPeriodEnd: new Date(Date.now() + 3 * 86_400_000),
    });
    const process = await createProcessFor(t, client.user.id, { name: 'Order export' });
    const base = {
      processId: process.id,
      clientUserId: client.user.id,
      trigger: 'manual' as const,
    };
    const [stopped] = await db
      .insert(runs)
      .values({ ...base, state: 'interrupted', ok: false, startedAt: minutesAgo(5) })
      .returning();
    const [late] = await db
      .insert(runs)
      .values({ ...base, state: 'following', ok: null, startedAt: minutesAgo(30) })
      .returning();
    // Followed for a minute only: n8n has not had its time yet.
    await db
      .insert(runs)
      .values({ ...base, state: 'following', ok: null, startedAt: minutesAgo(1) });
    // Interrupted long ago: old news.
    await db
      .insert(runs)
      .values({ ...base, state: 'interrupted', ok: false, startedAt: minutesAgo(60 * 24 * 10) });

    const [invoice] = await db
      .insert(invoices)
      .values({
        number: 'INV-ATT-1',
        clientUserId: client.user.id,
        description: 'Pro renewal',
        status: 'unpaid',
        amount: 9900,
        amountPaid: 1900,
        dueAt: new Date(Date.now() - 5 * 86_400_000),
      })
      .returning();
    // Due in a week: not past due.
    await db.insert(invoices).values({
      number: 'INV-ATT-2',
      clientUserId: client.user.id,
      description: 'Pro renewal',
      status: 'unpaid',
      amount: 9900,
      dueAt: new Date(Date.now() + 7 * 86_400_000),
    });

    const [template] = await db
      .insert(catalogTemplates)
      .values({ slug: `attention-${Date.now()}`, name: 'Invoice reminder agent' })
      .returning();
    await db
      .insert(catalogRequests)
      .values({ templateId: template!.id, clientUserId: client.user.id });

    await db.insert(outbox).values([
      { to: 'sam@example.test', subject: 'Your invoice', text: 'x', kind: 'invoice' },
      {
        to: 'tia@example.test',
        subject: 'Welcome aboard',
        text: 'x',
        kind: 'welcome',
        status: 'failed',
        lastError: '550 mailbox unavailable',
      },
    ]);
    await db.insert(enquiries).values([
      {
        name: 'Ada Byrne',
        email: 'ada@example.test',
        interest: 'Web Development',
        message: 'A new site\nfor our shop.',
      },
      {
        name: 'Old Lead',
        email: 'old@example.test',
        interest: 'Other',
        message: 'Last month',
        createdAt: new Date(Date.now() - 30 * 86_400_000),
      },
    ]);
    await db.insert(alertIncidents).values({
      kind: 'n8n_unreachable',
      subjectKey: 'n8n',
      title: 'n8n is not answering',
      cause: 'connect ECONNREFUSED',
    });

    const answer = await today();
    expect(answer.runs.total).toBe(2);
    expect(answer.runs.items.map((i) => [i.kind, i.href])).toEqual([
      ['run_interrupted', runHref(stopped!.id)],
      ['run_following', runHref(late!.id)],
    ]);
    expect(answer.runs.items[0]?.title).toBe('Order export · Sam Ortiz');

    expect(answer.billing.total).toBe(3);
    expect(answer.billing.items.map((i) => i.kind)).toEqual([
      'invoice_past_due',
      'plan_past_due',
      'trial_ending',
    ]);
    expect(answer.billing.items[0]).toMatchObject({
      id: invoice!.id,
      title: 'Invoice INV-ATT-1 past due',
      href: `${paths.adminClient(client.user.id)}#billing`,
    });
    expect(answer.billing.items[0]?.detail).toContain('$80.00 due');
    expect(answer.billing.items[2]?.href).toBe(`${paths.adminClient(trial.user.id)}#billing`);

    expect(answer.requests).toMatchObject({
      total: 1,
      items: [{ title: 'Invoice reminder agent', detail: 'Asked for by Sam Ortiz' }],
    });
    // Without SMTP the waiting mail is one line with its count, before the failed one.
    expect(answer.mail.total).toBe(2);
    expect(answer.mail.items.map((i) => [i.kind, i.title])).toEqual([
      ['mail_waiting', '1 message waits in the outbox'],
      ['mail_failed', 'Welcome aboard'],
    ]);
    expect(answer.mail.items[1]?.detail).toBe('To tia@example.test · 550 mailbox unavailable');
    expect(answer.enquiries.total).toBe(1);
    expect(answer.enquiries.items[0]).toMatchObject({
      title: 'Ada Byrne',
      detail: 'Web Development · A new site for our shop.',
      href: paths.adminEnquiries,
    });
    expect(answer.alerts.items).toMatchObject([
      {
        title: 'n8n is not answering',
        detail: 'connect ECONNREFUSED',
        href: paths.adminEnvironment,
      },
    ]);
    expect(allClear(answer)).toBe(false);
  });

  it('names only the environment checks this configuration uses', async () => {
    const { environmentKeys } = await today();
    expect(environmentKeys).toEqual(['mongo', 'jwtSecret', 'frontendUrl']);
  });

  it('refuses a client (403) and someone signed out (401)', async () => {
    const client = await createClient(t);
    const refused = await t.injectAs(client.token, { method: 'GET', url: '/api/admin/attention' });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/attention' });
    expect(anonymous.statusCode).toBe(401);
  });
});
