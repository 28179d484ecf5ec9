import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { insertUser } from '#server/domain/users/repository.ts';
import { build, nextIp } from '#test/support/test-app.ts';
import { loggerOptions } from './logging.ts';

// Logs never hold a secret. The real app logs through the server's logger into
// `lines`; known secrets go into the database and URLs, the database refuses writes that
// carry them, and the captured log must hold none of them.

const t = await build();
const db = t.deps.database.db;
const lines: string[] = [];
// At debug, so every request's own line (http/request-log.ts) is in the log too.
const app = await buildApp(t.deps, {
  logger: { ...loggerOptions('debug'), stream: { write: (line: string) => lines.push(line) } },
});
afterAll(() => app.close());

const secret = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;
const PASSWORD = `${secret('Pw')}Aa1`;
const WEBHOOK_KEY = secret('whk-stored-');
const NEW_WEBHOOK_KEY = secret('whk-sent-');
const BASIC_PASSWORD = secret('basic-stored-');
const NEW_BASIC_PASSWORD = secret('basic-sent-');
const CLIENT_KEY = secret('n8n-key-');
const TOKEN = secret('tok');
const secrets = {
  PASSWORD,
  WEBHOOK_KEY,
  NEW_WEBHOOK_KEY,
  BASIC_PASSWORD,
  NEW_BASIC_PASSWORD,
  CLIENT_KEY,
  TOKEN,
};

let adminToken = '';
let clientId = '';
const inject = (options: InjectOptions, token = adminToken) =>
  app.inject({
    remoteAddress: nextIp(),
    ...options,
    headers: { authorization: `Bearer ${token}`, ...(options.headers ?? {}) },
  });
const log = () => lines.join('');
const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  adminToken = (await t.createUser({ role: 'Admin' })).token;
  clientId = (await t.createUser()).user.id;
});

describe('logs never hold a secret', () => {
  it('a failed process update logs the SQL and code, not the webhook key or basic password', async () => {
    const created = await inject({
      method: 'POST',
      url: '/api/admin/processes',
      payload: {
        name: 'Secret sync',
        clientUserId: clientId,
        n8nWebhookUrl: 'https://hooks.example.test/secret-sync',
        webhookAuthKey: WEBHOOK_KEY,
        // A password kept without its user (one kind of auth at a time): still a secret.
        webhookAuthBasicPass: BASIC_PASSWORD,
      },
    });
    expect(created.statusCode).toBe(201);
    // The database refuses the next write; its error details the whole row.
    await db.execute(
      sql`alter table processes add constraint logging_refuse check (false) not valid`,
    );
    try {
      const failed = await inject({
        method: 'PATCH',
        url: `/api/admin/processes/${created.json()._id}`,
        payload: { webhookAuthKey: NEW_WEBHOOK_KEY, webhookAuthBasicPass: NEW_BASIC_PASSWORD },
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      await db.execute(sql`alter table processes drop constraint logging_refuse`);
    }
    const failure = entries().find((e) => e.msg === 'request failed');
    expect(failure?.err).toMatchObject({
      type: 'DrizzleQueryError',
      query: expect.stringMatching(/^update "processes" set/),
      code: '23514',
      cause: { code: '23514', constraint: 'logging_refuse', table: 'processes' },
    });
  });

  it('a refused users update logs no password hash, password or webhook key', async () => {
    // A trigger whose message quotes the new row: hash and keys included.
    await db.execute(sql`create function logging_refuse() returns trigger language plpgsql
      as $$ begin raise exception 'refused %', new::text; end $$`);
    await db.execute(sql`create trigger logging_refuse before update on users
      for each row execute function logging_refuse()`);
    try {
      const reset = await inject({
        method: 'POST',
        url: `/api/admin/clients/${clientId}/reset-password`,
        payload: { newPassword: PASSWORD },
      });
      expect(reset.statusCode).toBe(500);
      const key = await inject({
        method: 'POST',
        url: `/api/admin/clients/${clientId}/integration-keys`,
        payload: { n8nWebhookKey: CLIENT_KEY },
      });
      expect(key.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger logging_refuse on users`);
      await db.execute(sql`drop function logging_refuse()`);
    }
    const failures = entries().filter(
      (e) => (e.err as { code?: string } | undefined)?.code === 'P0001',
    );
    expect(failures).toHaveLength(2);
    expect(log()).toContain('update \\"users\\" set');
  });

  it('driver errors that quote values (invalid uuid, unique key) lose them', async () => {
    const email = `${secret('dup-')}@example.test`;
    await insertUser(db, { name: 'Twin', email, passwordHash: 'x' });
    const errors = await Promise.all([
      db.execute(sql`select ${secrets.TOKEN}::uuid`).catch((error: unknown) => error),
      insertUser(db, { name: 'Twin', email, passwordHash: 'x' }).catch((e: unknown) => e),
    ]);
    for (const err of errors) app.log.error({ err }, 'query failed');
    app.log.error(errors[0]);
    const logged = entries().filter((e) => e.err && e.msg !== 'request failed');
    expect(logged.map((e) => (e.err as { code?: string }).code)).toEqual([
      '22P02',
      '23505',
      '22P02',
    ]);
    expect(log()).not.toContain(email);
  });

  it('request logs hold no token from a URL and no Authorization or Cookie header', async () => {
    const urls = [
      `/api/invoices/00000000-0000-4000-8000-000000000000/pdf?sig=${TOKEN}`,
      `/api/team/invites/${TOKEN}`,
      `/api/pay/sessions/${TOKEN}`,
      `/invite/${TOKEN}`,
      `/reset-password/${TOKEN}`,
      `/pay/checkout/${TOKEN}`,
      `/pay/portal/${TOKEN}`,
      `/pay/invoice/${TOKEN}`,
      `/client?impersonate=${TOKEN}`,
    ];
    for (const url of urls) await inject({ method: 'GET', url, headers: { cookie: TOKEN } }, TOKEN);
    await inject({ method: 'POST', url: `/api/team/invites/${TOKEN}/accept`, payload: {} }, TOKEN);
    await inject({ method: 'POST', url: `/api/pay/sessions/${TOKEN}/confirm`, payload: {} });
    app.log.info({ req: { headers: { authorization: `Bearer ${TOKEN}`, cookie: TOKEN } } });
    const logged = entries().flatMap((e) => {
      const req = e.req as { url?: string } | undefined;
      return req?.url ? [req.url] : [];
    });
    expect(logged).toEqual(
      expect.arrayContaining([
        '/api/invoices/00000000-0000-4000-8000-000000000000/pdf?sig=[REDACTED]',
        '/api/team/invites/[REDACTED]',
        '/api/team/invites/[REDACTED]/accept',
        '/api/pay/sessions/[REDACTED]/confirm',
        '/invite/[REDACTED]',
        '/client?impersonate=[REDACTED]',
      ]),
    );
  });

  it('the whole captured log holds none of the secrets', () => {
    expect(lines.length).toBeGreaterThan(20);
    const text = log();
    const leaked = Object.entries({ ...secrets, HASH: '$argon2', PARAMS: 'params:' }).flatMap(
      ([name, value]) => (text.includes(value) ? [name] : []),
    );
    expect(leaked).toEqual([]);
  });
});
