import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, legalDefaults } from '#server/db/schema.ts';
import { authMessages } from '#shared/auth.ts';
import { legalDefaultsMessages } from '#shared/legal-defaults.ts';
import { passwordMessages } from '#shared/password.ts';
import { createClient } from '#test/support/portal.ts';
import { addTeamMember } from '#test/support/team.ts';
import { build, nextIp } from '#test/support/test-app.ts';

const t = await build();
const db = t.deps.database.db;

const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextIp(),
    payload: { email, password },
  });
const verify = (token: string) => t.injectAs(token, { method: 'GET', url: '/api/auth/verify' });
const changePassword = (token: string, payload: object) =>
  t.injectAs(token, { method: 'PUT', url: '/api/settings/password', payload });

describe('organization defaults', () => {
  it('saves every field, empties numeric zero or invalid values, and reads them back', async () => {
    const me = await createClient(t);
    const empty = await t.injectAs(me.token, { method: 'GET', url: '/api/legal/defaults' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({});

    const saved = await t.injectAs(me.token, {
      method: 'PUT',
      url: '/api/legal/defaults',
      payload: {
        providerName: '  Northwind Lakes Software  ',
        providerLegalEntity: 'Northwind Lakes Software LLC',
        providerAddress: '100 Main St, Minneapolis, MN',
        providerSignatoryName: 'Ada Lovelace',
        providerSignatoryTitle: 'CEO',
        supportEmail: 'support@example.test',
        supportPhone: '(612) 555-0148',
        businessHours: 'Mon-Fri 9-5 CT',
        defaultHourlyRate: '150',
        defaultRetainerAmount: 0,
        defaultRetainerIncludedHours: 'ten',
        defaultCurrency: 'USD',
        defaultNetDays: 30,
        defaultLateFeePercent: '1.5',
        defaultConfidentialityMonths: -3,
        defaultRetentionDays: '1,000',
        defaultInsuranceMinimumUSD: '',
        defaultGoverningLaw: 'Minnesota',
        defaultJurisdictionCity: 'Minneapolis',
        defaultArbitrationProvider: 'AAA',
        defaultIpOwnership: 'WorkForHireToClient',
        defaultPaymentSuspensionDays: null,
        defaultTerminationNoticeDays: 14,
        defaultCurePeriodDays: '0',
        unknownField: 'dropped',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(legalDefaultsMessages.saved);
    const expected = {
      providerName: 'Northwind Lakes Software',
      providerLegalEntity: 'Northwind Lakes Software LLC',
      providerAddress: '100 Main St, Minneapolis, MN',
      providerSignatoryName: 'Ada Lovelace',
      providerSignatoryTitle: 'CEO',
      supportEmail: 'support@example.test',
      supportPhone: '(612) 555-0148',
      businessHours: 'Mon-Fri 9-5 CT',
      defaultHourlyRate: 150,
      defaultCurrency: 'USD',
      defaultNetDays: 30,
      defaultLateFeePercent: 1.5,
      defaultRetentionDays: 1000,
      defaultGoverningLaw: 'Minnesota',
      defaultJurisdictionCity: 'Minneapolis',
      defaultArbitrationProvider: 'AAA',
      defaultIpOwnership: 'WorkForHireToClient',
      defaultTerminationNoticeDays: 14,
    };
    expect(saved.json().defaults).toEqual(expected);
    const read = await t.injectAs(me.token, { method: 'GET', url: '/api/legal/defaults' });
    expect(read.json()).toEqual(expected);

    // A later save replaces the object: cleared fields are gone.
    await t.injectAs(me.token, {
      method: 'PUT',
      url: '/api/legal/defaults',
      payload: { providerName: 'Renamed', defaultCurrency: '' },
    });
    const [row] = await db.select().from(legalDefaults).where(eq(legalDefaults.userId, me.user.id));
    expect(row?.values).toEqual({ providerName: 'Renamed' });
    const logs = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, me.user.id), eq(auditLogs.source, 'settings')));
    expect(logs.map((l) => l.message)).toEqual([
      'Organization defaults saved',
      'Organization defaults saved',
    ]);
  });

  it('answers 400 for options outside the lists and a bad support email', async () => {
    const me = await createClient(t);
    const response = await t.injectAs(me.token, {
      method: 'PUT',
      url: '/api/legal/defaults',
      payload: { defaultCurrency: 'JPY', defaultArbitrationProvider: 'ICC', supportEmail: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      defaultCurrency: 'Choose one of USD, EUR, GBP, CAD.',
      defaultArbitrationProvider: 'Choose one of None, AAA, JAMS.',
      supportEmail: legalDefaultsMessages.supportEmail,
    });
  });

  it("shares the owner's defaults with the team; only the owner and team admins save", async () => {
    const owner = await createClient(t, { plan: 'Pro' });
    const member = await addTeamMember(t, owner.user.id, 'member');
    const admin = await addTeamMember(t, owner.user.id, 'admin');
    const put = (token: string, providerName: string) =>
      t.injectAs(token, { method: 'PUT', url: '/api/legal/defaults', payload: { providerName } });
    expect((await put(owner.token, 'Owner Co')).statusCode).toBe(200);
    const seen = await t.injectAs(member.token, { method: 'GET', url: '/api/legal/defaults' });
    expect(seen.json()).toEqual({ providerName: 'Owner Co' });
    const refused = await put(member.token, 'Member Co');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(legalDefaultsMessages.ownerOrAdmin);
    expect((await put(admin.token, 'Admin Co')).statusCode).toBe(200);
    const read = await t.injectAs(owner.token, { method: 'GET', url: '/api/legal/defaults' });
    expect(read.json()).toEqual({ providerName: 'Admin Co' });
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/legal/defaults' });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/settings/password', () => {
  it('ends the other sessions but keeps the current one with a fresh token', async () => {
    const me = await createClient(t);
    const other = await login(me.user.email, 'Sup3r-secret');
    const otherToken = other.json().token as string;
    expect((await verify(otherToken)).statusCode).toBe(200);

    const changed = await changePassword(me.token, {
      currentPassword: 'Sup3r-secret',
      newPassword: 'N3w-password',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe(passwordMessages.changed);
    const current = changed.json().token as string;
    expect((await verify(current)).statusCode).toBe(200);
    expect((await verify(otherToken)).statusCode).toBe(401);
    expect((await verify(me.token)).statusCode).toBe(401);

    expect((await login(me.user.email, 'Sup3r-secret')).statusCode).toBe(401);
    expect((await login(me.user.email, 'N3w-password')).statusCode).toBe(200);
    const logs = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, me.user.id), eq(auditLogs.source, 'settings')));
    expect(logs.map((l) => l.message)).toContain('Password changed; other sessions signed out');
    expect(JSON.stringify(logs)).not.toMatch(/N3w-password|Sup3r-secret/);
  });

  it('answers a wrong current password as a form error and keeps the session', async () => {
    const me = await createClient(t);
    const response = await changePassword(me.token, {
      currentPassword: 'Wrong-passw0rd',
      newPassword: 'N3w-password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ currentPassword: passwordMessages.currentWrong });
    expect((await verify(me.token)).statusCode).toBe(200);
  });

  it('checks the new password with the sign-up rules', async () => {
    const me = await createClient(t);
    const short = await changePassword(me.token, { currentPassword: 'x', newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ newPassword: authMessages.passwordLength });
    const missing = await changePassword(me.token, { newPassword: 'N3w-password' });
    expect(missing.json().errors).toEqual({ currentPassword: passwordMessages.currentRequired });
  });

  it('is refused while an admin tests as the client', async () => {
    const me = await createClient(t);
    const admin = await t.createUser({ role: 'Admin' });
    const imp = await t.impersonate(admin.token, me.user.id);
    const response = await changePassword(imp, {
      currentPassword: 'Sup3r-secret',
      newPassword: 'N3w-password',
    });
    expect(response.statusCode).toBe(403);
  });
});
