import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import type { z } from 'zod';
import { type App, buildApp } from '#server/app.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { issueSession } from '#server/auth/sessions.ts';
import { createTokenService } from '#server/auth/tokens.ts';
import { loadConfig } from '#server/config.ts';
import type { NewUserRow, UserRow } from '#server/db/schema.ts';
import type { AppDeps } from '#server/deps.ts';
import { insertUser } from '#server/domain/users/repository.ts';
import { createWebhookCaller } from '#server/integrations/n8n/webhook.ts';
import type { RegisterSchema } from '#shared/auth.ts';
import type { ImpersonationToken } from '#shared/impersonation.ts';
import type { AuthResponse } from '#shared/user.ts';
import { openTestDatabase } from './test-database.ts';

// build(): the real app on a fresh database, closed after the file's tests. Helpers to
// inject as a signed-in user and to create accounts.

export interface TestContext {
  app: App;
  deps: AppDeps;
  /** Registers a client through the API; each call uses a new address and IP. */
  registerClient(overrides?: Partial<RegisterBody>): Promise<AuthResponse>;
  injectAs(token: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Inserts a user straight into the database and opens a session for it. */
  createUser(values?: Partial<NewUserRow>): Promise<{ user: UserRow; token: string }>;
  /** An admin's "Test as client" token for the client, through the API. */
  impersonate(adminToken: string, clientId: string): Promise<string>;
}

/** POST /api/auth/register's body, as the client sends it. */
type RegisterBody = z.input<typeof RegisterSchema>;

let sequence = 0;
/** A distinct client IP per call, so per-IP rate limits never leak between tests. */
export const nextIp = () => `198.51.100.${(sequence++ % 250) + 1}`;

/** `overrides.database`, when given, is used instead of a fresh one and left open. */
export async function build(overrides: Partial<AppDeps> = {}): Promise<TestContext> {
  const database = overrides.database ?? (await openTestDatabase());
  const config = loadConfig({ DATA_DIR: '.tmp/unused', LOG_LEVEL: 'silent' });
  const deps: AppDeps = {
    config,
    database,
    tokens: createTokenService('test-secret-that-is-long-enough-for-hs256-signing'),
    integrations: {
      n8n: createWebhookCaller({ allowPrivate: true, timeoutMs: 2_000 }),
      mailer: null,
      // The default provider is local; Zoho tests pass a client for tests/support/fake-zoho.ts.
      zoho: null,
    },
    ...overrides,
  };
  const app = await buildApp(deps);
  afterAll(async () => {
    await app.close();
    if (!overrides.database) await database.close();
  });
  return {
    app,
    deps,
    async registerClient(body = {}) {
      const n = ++sequence;
      const password = body.password ?? 'Sup3r-secret';
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: nextIp(),
        payload: {
          name: `Client Person ${n}`,
          email: `client${n}-${Date.now()}@example.test`,
          password,
          confirmPassword: password,
          acceptedTOS: true,
          ...body,
        },
      });
      if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
      return response.json<AuthResponse>();
    },
    async createUser(values = {}) {
      const n = ++sequence;
      const user = await insertUser(database.db, {
        name: `User Person ${n}`,
        email: `user${n}-${Date.now()}@example.test`,
        passwordHash: await hashPassword('Sup3r-secret'),
        ...values,
      });
      const { token } = await issueSession(database.db, deps.tokens, { user, ip: nextIp() });
      return { user, token };
    },
    async impersonate(adminToken, clientId) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/admin/impersonate/${clientId}`,
        headers: { authorization: `Bearer ${adminToken}` },
      });
      if (response.statusCode !== 200) throw new Error(`impersonate failed: ${response.body}`);
      return response.json<ImpersonationToken>().token;
    },
    injectAs(token, options) {
      const headers = { ...(options.headers ?? {}), authorization: `Bearer ${token}` };
      return app.inject({ remoteAddress: nextIp(), ...options, headers });
    },
  };
}
