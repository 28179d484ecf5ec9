import { describe, expect, it } from 'vitest';
import { issueSession } from '#server/auth/sessions.ts';
import type { UserRow } from '#server/db/schema.ts';
import { impersonationMessages } from '#shared/impersonation.ts';
import { addTeamMember } from '#test/support/team.ts';
import { build } from '#test/support/test-app.ts';

// The authorization matrix of every route, generated from the route table (the OpenAPI
// document lists every route) and six actors: nobody, a signed-out session, a client, a
// team member, an admin testing as a client, and an admin. Each answer must be the one
// its route's audience allows, and never a 5xx.

const ADMIN_PREFIXES = [
  '/api/admin/',
  '/api/analytics/',
  '/api/environment/',
  '/api/legal/templates',
  '/api/legal/generate',
  '/api/legal/export',
  '/api/legal/drafts',
  '/api/zoho/create-contact/',
  '/api/zoho/provision/',
  '/api/zoho/sync-status/',
];

/** Money and membership: the client's own, never an admin's test session. */
const CLIENT_ONLY = [
  'POST /api/zoho/select-package',
  'POST /api/team/invite',
  'DELETE /api/team/members/{id}',
  'POST /api/account/export',
  'POST /api/account/close',
];

const t = await build();
const admin = await t.createUser({ role: 'Admin' });
const client = await t.createUser({ subscriptionPlan: 'Pro', subscriptionStatus: 'active' });
const member = await addTeamMember(t, client.user.id);
const signedOut = await t.createUser();
await t.injectAs(signedOut.token, { method: 'POST', url: '/api/auth/logout' });

/** Fresh sessions for each route: a route may end the session that calls it (logout). */
async function sessions() {
  const open = async (user: UserRow) =>
    (await issueSession(t.deps.database.db, t.deps.tokens, { user, ip: '127.0.0.1' })).token;
  const adminToken = await open(admin.user);
  return {
    client: await open(client.user),
    member: await open(member.user),
    testing: await t.impersonate(adminToken, client.user.id),
    admin: adminToken,
  };
}

await t.app.ready();
const document = t.app.swagger() as {
  paths: Record<string, Record<string, { security?: unknown[] }>>;
};
const MADE_UP_ID = '00000000-0000-4000-8000-000000000000';
const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => {
    const name = `${method.toUpperCase()} ${path}`;
    const audience = ADMIN_PREFIXES.some((prefix) => path.startsWith(prefix))
      ? ('admin' as const)
      : operation.security
        ? ('signed-in' as const)
        : ('public' as const);
    return {
      name,
      method: method.toUpperCase() as 'GET',
      audience,
      url: path.replace(/\{[^}]+\}/g, MADE_UP_ID),
    };
  }),
);

const call = (route: (typeof routes)[number], token?: string) =>
  t.app.inject({
    method: route.method,
    url: route.url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
  });

describe('authorization matrix', () => {
  it('covers every route, each with an audience', () => {
    expect(routes.length).toBeGreaterThanOrEqual(80);
    expect(routes.filter((r) => r.audience === 'admin').length).toBeGreaterThanOrEqual(25);
    for (const name of CLIENT_ONLY) expect(routes.map((r) => r.name)).toContain(name);
  });

  it.each(routes.map((r) => [`${r.name} (${r.audience})`, r] as const))(
    '%s',
    async (_name, route) => {
      const tokens = await sessions();
      const answers = {
        nobody: await call(route),
        signedOut: await call(route, signedOut.token),
        client: await call(route, tokens.client),
        member: await call(route, tokens.member),
        testing: await call(route, tokens.testing),
        admin: await call(route, tokens.admin),
      };
      for (const [actor, answer] of Object.entries(answers)) {
        expect(answer.statusCode, `${actor}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
      }
      const status = (actor: keyof typeof answers) => answers[actor].statusCode;
      if (route.audience === 'public') return;

      expect(status('nobody'), 'nobody').toBe(401);
      expect(status('signedOut'), 'a signed-out session').toBe(401);
      if (route.audience === 'admin') {
        expect(status('client'), 'client').toBe(403);
        expect(status('member'), 'team member').toBe(403);
        expect(status('testing'), 'admin testing as a client').toBe(403);
        expect([401, 403], `admin: ${answers.admin.body.slice(0, 200)}`).not.toContain(
          status('admin'),
        );
        return;
      }
      for (const actor of ['client', 'member', 'admin'] as const) {
        expect(status(actor), `${actor}: ${answers[actor].body.slice(0, 200)}`).not.toBe(401);
      }
      if (CLIENT_ONLY.includes(route.name)) {
        expect(status('testing'), 'admin testing as a client').toBe(403);
        expect(answers.testing.json().message).toBe(impersonationMessages.notAvailable);
      } else {
        expect(status('testing'), `testing: ${answers.testing.body.slice(0, 200)}`).not.toBe(401);
      }
    },
  );
});
