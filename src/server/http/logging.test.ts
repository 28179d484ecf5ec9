import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type LoggerOptions,
  loggerOptions,
  REDACTED,
  redactUrl,
  requestLoggerFactory,
  scrubText,
  serializeError,
} from './logging.ts';

const SECRET = 'S3cret-Value-9f2c';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';

/** A driver error as pg and PGlite raise it (PGlite's also carries the query's params). */
function driverError(message: string, fields: { code: string } & Record<string, unknown>) {
  return Object.assign(new Error(message), { name: 'error', severity: 'ERROR', ...fields });
}
type DriverError = ReturnType<typeof driverError>;
const failedQuery = (query: string, params: unknown[], cause: Error) =>
  new DrizzleQueryError(query, params, cause);

describe('scrubText', () => {
  it('removes tokens from URLs, credentials, hashes and JWTs', () => {
    const text = [
      `/api/invoices/abc/pdf?sig=${SECRET}&download=1`,
      `/client?impersonate=${SECRET}`,
      `/register?invite=${SECRET}`,
      `/invite/${SECRET}`,
      `/reset-password/${SECRET}?x=1`,
      `/pay/checkout/${SECRET}`,
      `/pay/portal/${SECRET}`,
      `/pay/invoice/${SECRET}`,
      `/api/team/invites/${SECRET}/accept`,
      `/api/pay/sessions/${SECRET}/confirm`,
      `https://hook.example/x?api_key=${SECRET}`,
      `postgres://app:${SECRET}@db.example:5432/app`,
      `Authorization: Bearer ${SECRET}`,
      `authorization: bearer ${SECRET.toLowerCase()}`,
      `Basic ${Buffer.from(`user:${SECRET}`).toString('base64')}`,
      `hash ${HASH}`,
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlc2lnbmF0dXJl',
    ].join('\n');
    const out = scrubText(text);
    expect(out).not.toContain(SECRET);
    expect(out).not.toContain(SECRET.toLowerCase());
    expect(out).not.toContain('argon2');
    expect(out).not.toContain('eyJ');
    expect(out).not.toContain(Buffer.from(`user:${SECRET}`).toString('base64'));
    expect(out).toContain(`/api/invoices/abc/pdf?sig=${REDACTED}&download=1`);
    expect(out).toContain(`/api/team/invites/${REDACTED}/accept`);
    expect(out).toContain(`postgres://app:${REDACTED}@db.example`);
  });

  it('leaves ordinary text alone', () => {
    const text =
      'GET /api/n8n/processes/42/runs?status=ok&limit=5 on the Basic plan: Basic authentication';
    expect(scrubText(text)).toBe(text);
  });
});

describe('redactUrl', () => {
  it('redacts a secret-named param of the matched route, wherever it is', () => {
    expect(redactUrl(`/api/things/${SECRET}/go?status=ok`, '/api/things/:token/go')).toBe(
      `/api/things/${REDACTED}/go?status=ok`,
    );
    expect(redactUrl('/api/clients/42', '/api/clients/:id')).toBe('/api/clients/42');
  });
});

describe('serializeError', () => {
  const cases: [string, DriverError][] = [
    [
      'an invalid uuid',
      driverError(`invalid input syntax for type uuid: "${SECRET}"`, {
        code: '22P02',
        where: `unnamed portal parameter $1 = '${SECRET}'`,
        query: 'select "id" from "users" where "id" = $1',
        params: [SECRET],
      }),
    ],
    [
      'a unique violation',
      driverError('duplicate key value violates unique constraint "users_email_unique"', {
        code: '23505',
        detail: `Key (email)=(${SECRET}) already exists.`,
        constraint: 'users_email_unique',
        table: 'users',
      }),
    ],
    [
      'a check violation',
      driverError('new row for relation "processes" violates check constraint "no_writes"', {
        code: '23514',
        detail: `Failing row contains (1, ${SECRET}, ${HASH}).`,
        constraint: 'no_writes',
        table: 'processes',
      }),
    ],
    [
      'a RAISE from a trigger',
      driverError(`refused ${SECRET} ${HASH}`, { code: 'P0001', where: `PL/pgSQL ${SECRET}` }),
    ],
    [
      'a value with quotes and bytes',
      driverError(`invalid input value for enum role: "a"${SECRET}" 0x${'ab'.repeat(4)}`, {
        code: '22P02',
      }),
    ],
  ];

  it.each(cases)('keeps the SQL and code of %s, never a value', (_, cause) => {
    const sql = 'update "processes" set "webhook_auth_key" = $1, "basic_pass" = $2 where "id" = $3';
    const error = failedQuery(sql, [SECRET, HASH, 'id-1'], cause);
    const out = serializeError(error);
    const text = JSON.stringify(out);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('abababab');
    expect(out).toMatchObject({ type: 'DrizzleQueryError', query: sql, code: cause.code });
    expect(out.message).toBe(`Failed query: ${(out.cause as { message: string }).message}`);
    expect(out.stack).toMatch(/^DrizzleQueryError: Failed query: [^\n]*\n\s+at /);
    expect(out.cause).toMatchObject({ type: 'DatabaseError', code: cause.code });
  });

  it('keeps the identifiers a database message names', () => {
    const out = serializeError(cases[2]?.[1]);
    expect(out.message).toBe(
      'new row for relation "processes" violates check constraint "no_writes"',
    );
    expect(out).toMatchObject({ constraint: 'no_writes', table: 'processes' });
  });

  it('scrubs any error and its causes, keeping only safe fields', () => {
    const inner = Object.assign(new Error(`connect to postgres://u:${SECRET}@db failed`), {
      code: 'ECONNREFUSED',
      config: { password: SECRET },
    });
    const outer = Object.assign(new Error(`GET /invite/${SECRET} failed`, { cause: inner }), {
      statusCode: 500,
      body: SECRET,
    });
    const text = JSON.stringify(serializeError(outer));
    expect(text).not.toContain(SECRET);
    expect(serializeError(outer)).toMatchObject({
      statusCode: 500,
      cause: { code: 'ECONNREFUSED' },
    });
    expect(serializeError(`Bearer ${SECRET}`).message).toBe(`Bearer ${REDACTED}`);
  });
});

/** An app logging through loggerOptions, with the route whose logs the tests read. */
async function loggingApp(logger: LoggerOptions) {
  const app = Fastify({ logger });
  app.get<{ Params: { token: string } }>('/api/things/:token', async (request) => {
    // Free text only knows the app's token routes; the request URL knows this route's params.
    request.log.info({ headers: request.headers }, `sent /invite/${request.params.token}`);
    request.log.error(failedQuery('select $1', [SECRET], driverError('x', { code: '22000' })));
    request.log.warn({ err: failedQuery('select $1', [HASH], new Error('y')) });
    return { ok: true };
  });
  await app.ready();
  afterAll(() => app.close());
  return app;
}
const secretRequest = {
  url: `/api/things/${SECRET}?impersonate=${SECRET}`,
  headers: { authorization: `Bearer ${SECRET}`, cookie: `session=${SECRET}` },
};

const lines: string[] = [];
const app = await loggingApp({
  ...loggerOptions('info'),
  stream: { write: (line: string) => lines.push(line) },
});
const pretty: string[] = [];
const prettyApp = await loggingApp(
  loggerOptions('info', {
    pretty: true,
    destination: { write: (text: string) => pretty.push(text) },
  }),
);

describe('loggerOptions', () => {
  it('redacts headers, URLs, messages and errors in request logs', async () => {
    const response = await app.inject(secretRequest);
    expect(response.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('"authorization":"Bearer [REDACTED]"');
    expect(log).toContain('"cookie":"[REDACTED]"');
    expect(log).toContain('"msg":"Failed query: x"');
    expect(log).toContain('"query":"select $1"');
    expect(log).toContain(`/api/things/${REDACTED}?impersonate=${REDACTED}`);
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain('argon2');
  });

  it('writes human-readable lines (pino-pretty) with the same redaction', async () => {
    expect((await prettyApp.inject(secretRequest)).statusCode).toBe(200);
    const text = pretty.join('');
    expect(text).not.toMatch(/^\{/m);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: sent \/invite\/\[REDACTED\]/m);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] ERROR: Failed query: x/m);
    expect(text).toContain('"authorization":"Bearer [REDACTED]"');
    expect(text).toContain('"query": "select $1"');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('argon2');
  });
});

describe('request loggers (requestLoggerFactory)', () => {
  const lines: string[] = [];
  const options = {
    ...loggerOptions('info'),
    stream: { write: (line: string) => void lines.push(line) },
  };
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('put the request id on every line a request writes, its child loggers too', async () => {
    const app = Fastify({ logger: options, childLoggerFactory: requestLoggerFactory(options) });
    app.get('/steps', async (request) => {
      request.log.info('first');
      request.log.child({ step: 'two' }).warn({ password: SECRET }, 'second');
      return { ok: true };
    });
    try {
      await app.inject({ url: '/steps' });
      await app.inject({ url: '/steps' });
      const [first, second, third] = logged().filter((line) => line.msg !== 'incoming request');
      const ids = logged()
        .filter((line) => line.msg === 'first')
        .map((line) => line.reqId);
      expect(ids).toHaveLength(2);
      expect(new Set(ids).size).toBe(2);
      expect(first).toMatchObject({ msg: 'first', reqId: ids[0] });
      expect(second).toMatchObject({ msg: 'second', reqId: ids[0], step: 'two' });
      expect(second?.password).toBe(REDACTED);
      expect(third).toMatchObject({ msg: 'request completed', reqId: ids[0] });
    } finally {
      await app.close();
      lines.length = 0;
    }
  });

  it("redacts a request logger's bindings in each line it writes", async () => {
    const app = Fastify({ logger: options });
    await app.ready();
    const factory = requestLoggerFactory(options);
    const child = factory?.call(app, app.log, { reqId: 'req-7', token: SECRET }, {}, {} as never);
    child?.info({ url: `/invite/${SECRET}` }, 'with bindings');
    await app.close();
    const [line] = logged();
    expect(line).toMatchObject({ msg: 'with bindings', reqId: 'req-7', token: REDACTED });
    expect(lines.join('')).not.toContain(SECRET);
    lines.length = 0;
  });

  it("leaves loggers not made by loggerOptions to Fastify's own factory", () => {
    expect(requestLoggerFactory(false)).toBeUndefined();
    expect(requestLoggerFactory(undefined)).toBeUndefined();
    expect(requestLoggerFactory({ level: 'info' })).toBeUndefined();
  });
});
