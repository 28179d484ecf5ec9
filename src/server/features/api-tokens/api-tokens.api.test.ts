import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { hashApiSecret } from '#server/auth/api-tokens.ts';
import { apiTokens, auditLogs, runs, users } from '#server/db/schema.ts';
import { eraseAccount } from '#server/domain/accounts/erasure.ts';
import { API_TOKENS_MAX, apiTokenMessages, type CreatedApiToken } from '#shared/api-tokens.ts';
import { runRefusalMessages } from '#shared/run-policy.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { addTeamMember } from '#test/support/team.ts';
import { build, nextIp } from '#test/support/test-app.ts';

// Personal API tokens end to end (docs/decisions/025-personal-api-tokens.md): made on
// Profile and shown once, kept hashed, and used by a client's own software to list
// processes, start runs and read them, under the portal's plan rules, rate limits and
// run history, until revoked or expired.

const t = await build();
const db = t.deps.database.db;
const n8n = await startFakeN8n();
const admin = await t.createUser({ role: 'Admin' });

const TOKENS = '/api/account/api-tokens';

async function createToken(
  session: string,
  body: object = { name: 'CRM button', expiresInDays: 30 },
): Promise<CreatedApiToken> {
  const response = await t.injectAs(session, { method: 'POST', url: TOKENS, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiToken>();
}

/** A call made by software with the token, from one address like a server would. */
const withToken = (
  secret: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: '203.0.113.10',
    headers: {
      authorization: `Bearer ${secret}`,
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { payload } : {}),
  });

const lastBody = (prefix: string) => JSON.parse(n8n.to(prefix).at(-1)!.body);

describe('making, listing and revoking tokens on Profile', () => {
  it('shows the secret once, lists the token without it, and keeps only a hash', async () => {
    const me = await createClient(t);
    const created = await createToken(me.token, { name: '  Nightly job  ', expiresInDays: 90 });
    expect(created.secret).toMatch(/^pat_[A-Za-z0-9_-]{43}$/);
    expect(created.message).toBe(apiTokenMessages.created);
    expect(created.token).toMatchObject({
      name: 'Nightly job',
      prefix: created.secret.slice(0, 12),
      lastUsedAt: null,
      expired: false,
    });
    const days =
      (Date.parse(created.token.expiresAt) - Date.parse(created.token.createdAt)) / 864e5;
    expect(days).toBe(90);

    const list = await t.injectAs(me.token, { method: 'GET', url: TOKENS });
    expect(list.statusCode).toBe(200);
    expect(list.json().tokens).toEqual([created.token]);
    expect(list.body).not.toContain(created.secret);
    expect(list.body).not.toContain(hashApiSecret(created.secret));

    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, created.token.id));
    expect(row?.secretHash).toBe(hashApiSecret(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(12));
  });

  it('checks the name and lifetime with the shared schema', async () => {
    const me = await createClient(t);
    const bad = await t.injectAs(me.token, {
      method: 'POST',
      url: TOKENS,
      payload: { name: 'a\nb', expiresInDays: 12 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      name: 'The name contains characters that are not allowed.',
      expiresInDays: apiTokenMessages.lifetime,
    });
    const empty = await t.injectAs(me.token, {
      method: 'POST',
      url: TOKENS,
      payload: { name: '   ', expiresInDays: 7 },
    });
    expect(empty.json().errors).toEqual({ name: apiTokenMessages.nameRequired });
  });

  it(`allows ${API_TOKENS_MAX} live tokens, then says to revoke one`, async () => {
    const me = await createClient(t);
    const values = Array.from({ length: API_TOKENS_MAX }, (_, i) => ({
      userId: me.user.id,
      name: `Token ${i}`,
      prefix: `pat_${i}`,
      secretHash: `hash-${me.user.id}-${i}`,
      expiresAt: new Date(Date.now() + 864e5),
    }));
    await db.insert(apiTokens).values(values);
    const refused = await t.injectAs(me.token, {
      method: 'POST',
      url: TOKENS,
      payload: { name: 'One more', expiresInDays: 7 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(apiTokenMessages.tooMany);
    // An expired one does not count.
    await db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.secretHash, `hash-${me.user.id}-0`));
    await createToken(me.token, { name: 'One more', expiresInDays: 7 });
  });

  it('revokes a token: audited by name, gone from the list, refused from then on', async () => {
    const me = await createClient(t);
    const created = await createToken(me.token);
    expect((await withToken(created.secret, 'GET', '/api/n8n/my-processes')).statusCode).toBe(200);

    const revoked = await t.injectAs(me.token, {
      method: 'DELETE',
      url: `${TOKENS}/${created.token.id}`,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().message).toBe(apiTokenMessages.revoked);
    expect((await t.injectAs(me.token, { method: 'GET', url: TOKENS })).json().tokens).toEqual([]);

    const refused = await withToken(created.secret, 'GET', '/api/n8n/my-processes');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(apiTokenMessages.revokedToken);

    const again = await t.injectAs(me.token, {
      method: 'DELETE',
      url: `${TOKENS}/${created.token.id}`,
    });
    expect(again.statusCode).toBe(404);

    const entries = await db.select().from(auditLogs).where(eq(auditLogs.userId, me.user.id));
    const messages = entries.map((e) => e.message);
    expect(messages).toEqual(expect.arrayContaining(['API token created', 'API token revoked']));
    for (const entry of entries.filter((e) => e.message.startsWith('API token'))) {
      expect(entry.details).toMatchObject({ name: 'CRM button', prefix: created.token.prefix });
      expect(JSON.stringify(entry)).not.toContain(created.secret);
    }
  });

  it("answers 404 for another person's token, which keeps working", async () => {
    const owner = await createClient(t);
    const other = await createClient(t);
    const created = await createToken(owner.token);
    const response = await t.injectAs(other.token, {
      method: 'DELETE',
      url: `${TOKENS}/${created.token.id}`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(apiTokenMessages.notFound);
    expect((await withToken(created.secret, 'GET', '/api/n8n/my-processes')).statusCode).toBe(200);
  });

  it('refuses an admin testing as the client: no list, no new token', async () => {
    const me = await createClient(t);
    const testing = await t.impersonate(admin.token, me.user.id);
    for (const call of [
      { method: 'GET', url: TOKENS },
      { method: 'POST', url: TOKENS, payload: { name: 'x', expiresInDays: 7 } },
    ] as const) {
      const response = await t.injectAs(testing, call);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(apiTokenMessages.impersonating);
    }
  });
});

describe('what a token may do', () => {
  it('lists processes, starts a run with inputs as "api", and reads it back', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id, {
      n8nWebhookUrl: n8n.url('/ok/api-token-run'),
      inputFields: [
        {
          name: 'customer',
          label: 'Customer',
          type: 'text',
          required: true,
          options: [],
          defaultValue: null,
        },
      ],
    });
    const { secret, token } = await createToken(me.token);

    const list = await withToken(secret, 'GET', '/api/n8n/my-processes');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: { _id: string }) => p._id)).toEqual([process.id]);

    const missing = await withToken(secret, 'POST', `/api/n8n/trigger/${process.id}`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ customer: 'Customer is required.' });

    const started = await withToken(secret, 'POST', `/api/n8n/trigger/${process.id}`, {
      inputs: { customer: 'Acme' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const runId = started.headers['x-run-id'] as string;
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lastBody('/ok/api-token-run')).toMatchObject({
      runId,
      trigger: 'api',
      triggeredBy: { userId: me.user.id, email: me.user.email },
      inputs: { customer: 'Acme' },
    });

    const [row] = await db.select().from(runs).where(eq(runs.id, runId));
    expect(row).toMatchObject({ trigger: 'api', triggeredBy: me.user.id, apiTokenId: token.id });

    const read = await withToken(secret, 'GET', `/api/n8n/runs/${runId}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      _id: runId,
      trigger: 'api',
      state: 'finished',
      ok: true,
      inputs: { customer: 'Acme' },
    });
    const history = await withToken(secret, 'GET', `/api/n8n/processes/${process.id}/runs`);
    expect(history.json().runs.map((r: { _id: string }) => r._id)).toEqual([runId]);
    // The portal's own history shows it too.
    const portal = await t.injectAs(me.token, {
      method: 'GET',
      url: `/api/n8n/processes/${process.id}/runs`,
    });
    expect(portal.json().runs[0]).toMatchObject({ _id: runId, trigger: 'api' });

    const listed = await t.injectAs(me.token, { method: 'GET', url: TOKENS });
    expect(listed.json().tokens[0].lastUsedAt).not.toBeNull();
  });

  it("reads only the account's own runs", async () => {
    const me = await createClient(t);
    const other = await createClient(t);
    const process = await createProcessFor(t, other.user.id, { n8nWebhookUrl: n8n.url('/ok/x') });
    const theirs = await t.injectAs(other.token, {
      method: 'POST',
      url: `/api/n8n/trigger/${process.id}`,
    });
    const runId = theirs.headers['x-run-id'] as string;
    const { secret } = await createToken(me.token);
    expect((await withToken(secret, 'GET', `/api/n8n/runs/${runId}`)).statusCode).toBe(404);
    expect((await withToken(secret, 'GET', '/api/n8n/runs/not-a-run')).statusCode).toBe(404);
    const trigger = await withToken(secret, 'POST', `/api/n8n/trigger/${process.id}`);
    expect(trigger.statusCode).toBe(404);
  });

  it("follows the plan's rules as the portal does", async () => {
    const me = await createClient(t, { entitlements: {} });
    const process = await createProcessFor(t, me.user.id, { n8nWebhookUrl: n8n.url('/ok/plan') });
    const { secret } = await createToken(me.token);
    const viaToken = await withToken(secret, 'POST', `/api/n8n/trigger/${process.id}`);
    const viaPortal = await t.injectAs(me.token, {
      method: 'POST',
      url: `/api/n8n/trigger/${process.id}`,
    });
    expect(viaToken.statusCode).toBe(viaPortal.statusCode);
    expect(viaToken.statusCode).toBe(403);
    expect(viaToken.json().message).toBe(runRefusalMessages.manualNotEnabled);
    expect(n8n.to('/ok/plan')).toHaveLength(0);

    const lapsed = await createClient(t, { status: 'canceled' });
    const paused = await createProcessFor(t, lapsed.user.id, {
      n8nWebhookUrl: n8n.url('/ok/lapsed'),
    });
    const lapsedToken = await createToken(lapsed.token);
    const refused = await withToken(lapsedToken.secret, 'POST', `/api/n8n/trigger/${paused.id}`);
    expect(refused.statusCode).toBe(402);
  });

  it('is refused everywhere else with a clear 401', async () => {
    const me = await createClient(t, { plan: 'Pro' });
    const { secret } = await createToken(me.token);
    for (const [method, url] of [
      ['GET', TOKENS],
      ['POST', TOKENS],
      ['GET', '/api/auth/verify'],
      ['GET', '/api/account'],
      ['GET', '/api/scheduler'],
      ['GET', '/api/admin/clients'],
      ['POST', '/api/account/export'],
    ] as const) {
      const response = await withToken(secret, method, url, method === 'POST' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().message, `${method} ${url}`).toBe(apiTokenMessages.notHere);
    }
  });

  it('an unknown or expired token is refused with its reason', async () => {
    const unknown = await withToken(`pat_${'x'.repeat(43)}`, 'GET', '/api/n8n/my-processes');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(apiTokenMessages.unknown);

    const me = await createClient(t);
    const { secret, token } = await createToken(me.token);
    await db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, token.id));
    const expired = await withToken(secret, 'GET', '/api/n8n/my-processes');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(apiTokenMessages.expiredToken);
    const listed = await t.injectAs(me.token, { method: 'GET', url: TOKENS });
    expect(listed.json().tokens[0]).toMatchObject({ id: token.id, expired: true });
  });

  it("holds the token to the account's allowed IPs and a closed account", async () => {
    const me = await createClient(t);
    const { secret } = await createToken(me.token);
    await db
      .update(users)
      .set({ allowedIps: ['192.0.2.1'] })
      .where(eq(users.id, me.user.id));
    const outside = await withToken(secret, 'GET', '/api/n8n/my-processes');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toMatch(/approved IP addresses, and 203\.0\.113\.10/);

    await db
      .update(users)
      .set({ allowedIps: [], closedAt: new Date() })
      .where(eq(users.id, me.user.id));
    expect((await withToken(secret, 'GET', '/api/n8n/my-processes')).statusCode).toBe(401);
  });

  it("a team member's token acts as the member in the owner's account", async () => {
    const owner = await createClient(t, { plan: 'Pro' });
    const member = await addTeamMember(t, owner.user.id);
    const process = await createProcessFor(t, owner.user.id, {
      n8nWebhookUrl: n8n.url('/ok/member-run'),
    });
    const { secret, token } = await createToken(member.token);
    const list = await withToken(secret, 'GET', '/api/n8n/my-processes');
    expect(list.json().map((p: { _id: string }) => p._id)).toEqual([process.id]);
    const started = await withToken(secret, 'POST', `/api/n8n/trigger/${process.id}`);
    expect(started.statusCode, started.body).toBe(200);
    const runId = started.headers['x-run-id'] as string;
    expect(lastBody('/ok/member-run')).toMatchObject({
      trigger: 'api',
      triggeredBy: { userId: member.user.id },
      account: { id: owner.user.id },
    });
    const [row] = await db.select().from(runs).where(eq(runs.id, runId));
    expect(row).toMatchObject({
      clientUserId: owner.user.id,
      triggeredBy: member.user.id,
      apiTokenId: token.id,
    });
    // The owner cannot revoke the member's token: it is the member's.
    const notTheirs = await t.injectAs(owner.token, {
      method: 'DELETE',
      url: `${TOKENS}/${token.id}`,
    });
    expect(notTheirs.statusCode).toBe(404);
  });
});

describe('the rate limit of token calls', () => {
  it('answers 429 once the person’s budget is spent; sessions keep their own', async () => {
    const limited = await build({ limits: { apiToken: { max: 3, timeWindowMs: 60_000 } } });
    const me = await limited.createUser({
      subscriptionPlan: 'Basic',
      subscriptionStatus: 'active',
      entitlements: { manualTrigger: true },
    });
    const created = await limited.injectAs(me.token, {
      method: 'POST',
      url: TOKENS,
      payload: { name: 'Loop', expiresInDays: 7 },
    });
    const { secret } = created.json<CreatedApiToken>();
    const call = (url: string) =>
      limited.app.inject({
        method: 'GET',
        url,
        remoteAddress: nextIp(),
        headers: { authorization: `Bearer ${secret}` },
      });
    // One budget for every route that takes tokens, whatever the address.
    expect((await call('/api/n8n/my-processes')).statusCode).toBe(200);
    expect((await call('/api/n8n/my-processes')).statusCode).toBe(200);
    expect((await call(`/api/n8n/runs/${me.user.id}`)).statusCode).toBe(404);
    const refused = await call('/api/n8n/my-processes');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const session = await limited.injectAs(me.token, {
      method: 'GET',
      url: '/api/n8n/my-processes',
    });
    expect(session.statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('marks exactly the routes that take a token, and describes the scheme', async () => {
    await t.app.ready();
    const doc = t.app.swagger() as unknown as {
      paths: Record<
        string,
        Record<string, { security?: Record<string, unknown>[]; description?: string }>
      >;
      components: { securitySchemes: Record<string, { scheme?: string; description?: string }> };
    };
    const marked = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => op.security?.some((s) => 'apiToken' in s))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(marked.sort()).toEqual([
      'GET /api/n8n/my-processes',
      'GET /api/n8n/processes/{processId}/runs',
      'GET /api/n8n/runs/{runId}',
      'POST /api/n8n/trigger/{processId}',
    ]);
    const trigger = doc.paths['/api/n8n/trigger/{processId}']?.post;
    expect(trigger?.security).toEqual([{ bearer: [] }, { apiToken: [] }]);
    expect(trigger?.description).toMatch(/personal API token/);
    expect(trigger?.description).toMatch(/X-Run-Id/);
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiToken?.description).toMatch(/pat_/);
  });
});

describe('privacy', () => {
  it('the archive lists tokens without their hash; erasure deletes them', async () => {
    const me = await createClient(t);
    const { secret, token } = await createToken(me.token, { name: 'Zap', expiresInDays: 7 });
    const response = await t.injectAs(admin.token, {
      method: 'GET',
      url: `/api/admin/clients/${me.user.id}/export`,
    });
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const text = strFromU8(files['api-tokens.json']!);
    expect(JSON.parse(text)).toEqual([
      expect.objectContaining({ name: 'Zap', prefix: token.prefix, revokedAt: null }),
    ]);
    expect(text).not.toContain(hashApiSecret(secret));
    expect(text).not.toContain(secret);

    await eraseAccount(db, me.user.id, { actorId: null, ip: null, reason: 'admin' });
    expect(
      await db
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.userId, me.user.id))),
    ).toEqual([]);
  });
});
