import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  auditLogs,
  catalogRequests,
  catalogTemplates,
  dataExports,
  enquiries,
  invoicePayments,
  invoices,
  notificationSettings,
  outbox,
  runs,
  schedules,
  teamInvites,
  teamMembers,
  users,
} from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { queueMail } from '#server/domain/mail/outbox.ts';
import type { MailTransport } from '#server/integrations/mailer/smtp.ts';
import { createSchedulerLoop } from '#server/jobs/scheduler-loop.ts';
import { exportFiles, privacyMessages } from '#shared/privacy.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { addTeamMember } from '#test/support/team.ts';
import { build, nextIp } from '#test/support/test-app.ts';

// What the privacy policy promises about access, export, closing and erasure
// (docs/decisions/017-privacy-requests.md).

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });

const SECRETS = {
  headerKey: 'whk-secret-header-4401',
  basicPass: 'basic-pass-secret-5502',
  jwtSecret: 'jwt-secret-value-6603-long-enough',
  totp: 'TOTPSECRETBASE32VALUE',
  notifySecret: 'notify-signing-secret-7704',
};

/** A Pro client holding one of every kind of record, with secrets that must never leave. */
async function populatedClient(name = 'Priya Ramanathan') {
  const email = `priya-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@client.test`;
  const owner = await createClient(t, { plan: 'Pro', entitlements: { manualTrigger: true } });
  await db
    .update(users)
    .set({
      name,
      email,
      companyName: 'Lakeside Freight LLC',
      companyCode: 'LAKESIDE',
      totpSecret: SECRETS.totp,
      totpEnabled: true,
    })
    .where(eq(users.id, owner.user.id));
  const headerProcess = await createProcessFor(t, owner.user.id, {
    name: 'Invoice sync',
    n8nWebhookUrl: 'https://n8n.example.test/webhook/invoice-sync',
    webhookAuthKey: SECRETS.headerKey,
  });
  await createProcessFor(t, owner.user.id, {
    name: 'Basic one',
    webhookAuthBasicUser: 'robot',
    webhookAuthBasicPass: SECRETS.basicPass,
  });
  await createProcessFor(t, owner.user.id, {
    name: 'JWT one',
    webhookAuthJwtSecret: SECRETS.jwtSecret,
  });
  await db.insert(schedules).values({
    processId: headerProcess.id,
    clientUserId: owner.user.id,
    cron: '0 9 * * 1-5',
    timezone: 'America/Chicago',
    nextRunAt: new Date(Date.now() + 60_000),
  });
  await db.insert(runs).values({
    processId: headerProcess.id,
    clientUserId: owner.user.id,
    trigger: 'manual',
    triggeredBy: owner.user.id,
    statusCode: 200,
    durationMs: 812,
    ok: true,
    bodySnippet: `{"handledFor":"${email}","by":"${name}"}`,
  });
  const [invoice] = await db
    .insert(invoices)
    .values({
      number: `INV-T-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      clientUserId: owner.user.id,
      description: 'Pro plan, November 2026',
      status: 'paid',
      amount: 49_900,
      amountPaid: 49_900,
    })
    .returning();
  await db.insert(invoicePayments).values({
    invoiceId: invoice!.id,
    amount: 49_900,
    paidOn: '2026-11-20',
    method: 'check',
    reference: 'Check 1042',
  });
  const member = await addTeamMember(t, owner.user.id);
  await db.insert(teamInvites).values({
    ownerUserId: owner.user.id,
    inviteeEmail: 'new.hire@client.test',
    role: 'member',
    tokenHash: `hash-${Math.random()}`,
    invitedBy: owner.user.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const [template] = await db
    .insert(catalogTemplates)
    .values({ slug: `tpl-${Math.random()}`, name: 'Lead scoring' })
    .returning();
  await db.insert(catalogRequests).values({
    templateId: template!.id,
    clientUserId: owner.user.id,
    requestedBy: owner.user.id,
  });
  await db.insert(enquiries).values({
    name,
    email: email.toUpperCase(),
    interest: 'Automation',
    message: `Hello, this is ${name} from Lakeside.`,
    ip: '203.0.113.9',
  });
  await queueMail(db, {
    kind: 'enquiry',
    to: 'hello@northwindlakes.dev',
    replyTo: email,
    subject: `New enquiry from ${name}: Automation`,
    text: `Name: ${name}\nEmail: ${email}\n`,
  });
  await db.insert(notificationSettings).values({
    userId: owner.user.id,
    emailOnFailure: true,
    webhookUrl: 'https://hooks.slack.test/services/T000/B000/XXXX',
    webhookSecret: SECRETS.notifySecret,
  });
  await audit(db, {
    level: 'warning',
    source: 'auth',
    message: 'Failed sign-in',
    userId: owner.user.id,
    ip: '203.0.113.10',
    details: { email },
  });
  await audit(db, {
    source: 'team',
    message: `${name} invited new.hire@client.test`,
    actorId: owner.user.id,
  });
  const [row] = await db.select().from(users).where(eq(users.id, owner.user.id));
  return { ...owner, user: row!, email, name, member, invoice: invoice! };
}

const zipOf = (body: Buffer) =>
  Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(body))).map(([name, data]) => [name, strFromU8(data)]),
  );

function expectNoSecrets(files: Record<string, string>, passwordHash: string) {
  const everything = Object.values(files).join('\n');
  for (const secret of [...Object.values(SECRETS), passwordHash, 'invoice-sync', 'XXXX']) {
    expect(everything).not.toContain(secret);
  }
}

describe('data export', () => {
  it('gives an admin every kind of record about the account, and no secret', async () => {
    const client = await populatedClient();
    const response = await t.injectAs(admin.token, {
      method: 'GET',
      url: `/api/admin/clients/${client.user.id}/export`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="data-export-LAKESIDE-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const files = zipOf(response.rawPayload);
    expect(Object.keys(files).sort()).toEqual(Object.keys(exportFiles).sort());

    const account = JSON.parse(files['account.json']!);
    expect(account).toMatchObject({
      email: client.email,
      name: client.name,
      companyName: 'Lakeside Freight LLC',
      twoFactorEnabled: true,
    });
    const processes = JSON.parse(files['processes.json']!);
    expect(processes.map((p: { authentication: string }) => p.authentication).sort()).toEqual([
      'Basic',
      'Header (Authorization)',
      'JWT',
    ]);
    expect(JSON.parse(files['schedules.json']!)[0]).toMatchObject({ cron: '0 9 * * 1-5' });
    expect(files['runs.csv']).toContain('Invoice sync');
    expect(JSON.parse(files['invoices.json']!)[0]).toMatchObject({
      number: client.invoice.number,
      payments: [{ amountCents: 49_900, method: 'check', reference: 'Check 1042' }],
    });
    const team = JSON.parse(files['team.json']!);
    expect(team.members).toHaveLength(1);
    expect(team.invitations[0].email).toBe('new.hire@client.test');
    expect(JSON.parse(files['catalog-requests.json']!)[0].workflow).toBe('Lead scoring');
    expect(JSON.parse(files['enquiries.json']!)[0].message).toContain('from Lakeside');
    expect(JSON.parse(files['notification-settings.json']!)).toMatchObject({
      emailOnFailure: true,
      webhookConfigured: true,
    });
    expect(files['audit-log.csv']).toContain('Failed sign-in');
    expect(files['README.txt']).toContain(client.email);
    expectNoSecrets(files, client.user.passwordHash);

    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(
        sql`${auditLogs.message} = 'Data export downloaded by an admin' and ${auditLogs.userId} = ${client.user.id}`,
      );
    expect(entry?.actorId).toBe(admin.user.id);
    expect(JSON.stringify(entry)).not.toContain(client.email);
  });

  it('hands a client a link that downloads their archive and then expires', async () => {
    const client = await populatedClient();
    const asked = await t.injectAs(client.token, { method: 'POST', url: '/api/account/export' });
    expect(asked.statusCode, asked.body).toBe(200);
    const answer = asked.json();
    // This server has no SMTP: the page shows the link instead of promising a mail.
    expect(answer.message).toBe(privacyMessages.exportNoMail);
    const path = new URL(answer.downloadUrl).pathname;
    const download = await t.app.inject({ method: 'GET', url: path, remoteAddress: nextIp() });
    expect(download.statusCode).toBe(200);
    const files = zipOf(download.rawPayload);
    expect(JSON.parse(files['account.json']!).email).toBe(client.email);
    expectNoSecrets(files, client.user.passwordHash);

    await db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.userId, client.user.id));
    const late = await t.app.inject({ method: 'GET', url: path, remoteAddress: nextIp() });
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(privacyMessages.exportLinkInvalid);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/account/export/${'A'.repeat(43)}`,
      remoteAddress: nextIp(),
    });
    expect(forged.statusCode).toBe(404);
  });

  it('mails the link when e-mail is set up, and only a newer link works', async () => {
    const mailer: MailTransport = { send: async () => {}, verify: async () => {}, close() {} };
    const mailing = await build({
      database: t.deps.database,
      integrations: { ...t.deps.integrations, mailer },
    });
    const client = await mailing.createUser({ email: `mailed-${Date.now()}@client.test` });
    const first = await mailing.injectAs(client.token, {
      method: 'POST',
      url: '/api/account/export',
    });
    expect(first.json()).toMatchObject({
      message: privacyMessages.exportMailed,
      downloadUrl: null,
    });
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, client.user.email));
    expect(mail).toMatchObject({ kind: 'data-export', sensitive: true });
    const link = /(\/api\/account\/export\/[A-Za-z0-9_-]{43})/.exec(mail!.text)?.[1];
    expect(link).toBeDefined();
    await mailing.injectAs(client.token, { method: 'POST', url: '/api/account/export' });
    const old = await t.app.inject({ method: 'GET', url: link!, remoteAddress: nextIp() });
    expect(old.statusCode).toBe(404);
  });

  it('is refused to an admin testing as the client, and past five a day', async () => {
    const client = await createClient(t);
    const testing = await t.impersonate(admin.token, client.user.id);
    const refused = await t.injectAs(testing, { method: 'POST', url: '/api/account/export' });
    expect(refused.statusCode).toBe(403);
    for (let i = 0; i < 5; i++) {
      const ok = await t.injectAs(client.token, { method: 'POST', url: '/api/account/export' });
      expect(ok.statusCode).toBe(200);
    }
    const sixth = await t.injectAs(client.token, { method: 'POST', url: '/api/account/export' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(privacyMessages.exportLimit);
  });
});

describe('closing an account', () => {
  const close = (token: string, password?: string) =>
    t.injectAs(token, {
      method: 'POST',
      url: '/api/account/close',
      payload: password === undefined ? {} : { password },
    });

  it('needs the owner and the right password, with the shared messages', async () => {
    const client = await populatedClient();
    const empty = await close(client.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ password: privacyMessages.passwordRequired });
    const wrong = await close(client.token, 'not-it');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: privacyMessages.passwordWrong });
    const byMember = await close(client.member.token, 'Sup3r-secret');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(privacyMessages.ownerOnly);
    const [row] = await db.select().from(users).where(eq(users.id, client.user.id));
    expect(row?.closedAt).toBeNull();
  });

  it('cancels the plan, refuses tokens and sign-in, stops schedules and detaches the team', async () => {
    const client = await populatedClient();
    const closed = await close(client.token, 'Sup3r-secret');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().message).toBe(privacyMessages.closed);

    const [row] = await db.select().from(users).where(eq(users.id, client.user.id));
    expect(row?.closedAt).toBeInstanceOf(Date);
    expect(row?.subscriptionStatus).toBe('canceled');
    const again = await t.injectAs(client.token, { method: 'GET', url: '/api/account' });
    expect(again.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      payload: { email: client.email, password: 'Sup3r-secret' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(privacyMessages.accountClosed);

    expect(
      await db.select().from(schedules).where(eq(schedules.clientUserId, client.user.id)),
    ).toEqual([]);
    const loop = createSchedulerLoop({ db, n8n: t.deps.integrations.n8n });
    await loop.tick(new Date(Date.now() + 7 * 86_400_000));
    const fired = await db
      .select()
      .from(runs)
      .where(sql`${runs.clientUserId} = ${client.user.id} and ${runs.trigger} = 'schedule'`);
    expect(fired).toEqual([]);

    expect(
      await db.select().from(teamMembers).where(eq(teamMembers.ownerUserId, client.user.id)),
    ).toEqual([]);
    const memberAccount = await t.injectAs(client.member.token, {
      method: 'GET',
      url: '/api/account',
    });
    expect(memberAccount.json().teamRole).toBe('owner');

    const [mail] = await db
      .select()
      .from(outbox)
      .where(sql`${outbox.to} = ${client.email} and ${outbox.kind} = 'account-closed'`);
    expect(mail?.text).toContain('erased after 90 days');
    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(
        sql`${auditLogs.message} = 'Account closed by its owner' and ${auditLogs.userId} = ${client.user.id}`,
      );
    expect(entry?.details).toMatchObject({ schedulesStopped: 1, membersDetached: 1 });
  });

  it('is not open to an admin testing as the client', async () => {
    const client = await createClient(t);
    const testing = await t.impersonate(admin.token, client.user.id);
    const refused = await close(testing, 'Sup3r-secret');
    expect(refused.statusCode).toBe(403);
  });
});

/** Every text, varchar, json and array column of every table, as PostgreSQL reads it. */
async function textColumns() {
  const result = await db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public'
      and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`);
  const rows = (result as { rows: { table_name: string; column_name: string }[] }).rows;
  return rows.map((r) => [r.table_name, r.column_name]);
}

async function tracesOf(needle: string) {
  const found: string[] = [];
  for (const [table, column] of await textColumns()) {
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table!)} where ${sql.identifier(column!)}::text ilike ${`%${needle}%`}`,
    );
    const n = (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    if (n > 0) found.push(`${table}.${column}: ${n}`);
  }
  return found;
}

describe('erasure', () => {
  it('leaves no trace of the e-mail or the name in any table, and keeps the invoices', async () => {
    const client = await populatedClient('Henrietta Okonkwo-Baptiste');
    expect((await tracesOf(client.email)).length).toBeGreaterThan(3);

    const erased = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/clients/${client.user.id}/erase`,
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().message).toBe(privacyMessages.erased);

    expect(await tracesOf(client.email)).toEqual([]);
    expect(await tracesOf('Henrietta Okonkwo-Baptiste')).toEqual([]);
    const [kept] = await db.select().from(invoices).where(eq(invoices.id, client.invoice.id));
    expect(kept).toMatchObject({ number: client.invoice.number, amount: 49_900 });
    const [tombstone] = await db.select().from(users).where(eq(users.id, client.user.id));
    expect(tombstone).toMatchObject({ companyName: 'Lakeside Freight LLC', totpSecret: null });
    expect(tombstone?.erasedAt).toBeInstanceOf(Date);

    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(
        sql`${auditLogs.message} = 'Account erased' and ${auditLogs.userId} = ${client.user.id}`,
      );
    expect(entry).toMatchObject({ actorId: admin.user.id, details: { reason: 'admin' } });
    const twice = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/clients/${client.user.id}/erase`,
    });
    expect(twice.statusCode).toBe(409);
    const exported = await t.injectAs(admin.token, {
      method: 'GET',
      url: `/api/admin/clients/${client.user.id}/export`,
    });
    expect(exported.statusCode).toBe(409);
  });

  it('lets an admin close an account, and refuses to close an admin', async () => {
    const client = await createClient(t);
    const closed = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/clients/${client.user.id}/close`,
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().message).toBe(privacyMessages.adminClosed);
    const twice = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/clients/${client.user.id}/close`,
    });
    expect(twice.json().message).toBe(privacyMessages.alreadyClosed);
    const other = await t.createUser({ role: 'Admin' });
    const refused = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/clients/${other.user.id}/close`,
    });
    expect(refused.statusCode).toBe(404);
  });

  it('erases one enquiry with its notice mail and the name in its audit entry', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: nextIp(),
      payload: {
        name: 'Bartholomew Quince',
        email: 'bart.quince@example.test',
        interest: 'automation',
        message: 'We would like a quote for our order intake.',
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [row] = await db
      .select()
      .from(enquiries)
      .where(eq(enquiries.email, 'bart.quince@example.test'));
    const exported = await t.injectAs(admin.token, {
      method: 'GET',
      url: `/api/admin/enquiries/${row!.id}/export`,
    });
    expect(exported.statusCode).toBe(200);
    const files = zipOf(exported.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'enquiries.json', 'mail.json']);
    expect(JSON.parse(files['enquiries.json']!)[0]).toMatchObject({
      name: 'Bartholomew Quince',
      message: 'We would like a quote for our order intake.',
    });

    const gone = await t.injectAs(admin.token, {
      method: 'DELETE',
      url: `/api/admin/enquiries/${row!.id}`,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().message).toBe(privacyMessages.enquiryErased);
    expect(await tracesOf('Bartholomew Quince')).toEqual([]);
    expect(await tracesOf('bart.quince@example.test')).toEqual([]);
    const again = await t.injectAs(admin.token, {
      method: 'DELETE',
      url: `/api/admin/enquiries/${row!.id}`,
    });
    expect(again.statusCode).toBe(404);
  });
});
