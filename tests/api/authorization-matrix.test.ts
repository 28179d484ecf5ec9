import { describe, expect, it } from 'vitest';
import { registeredRoutes } from '#server/api/serve.ts';
import { issueSession } from '#server/auth/sessions.ts';
import type { UserRow } from '#server/db/schema.ts';
import { type ApiRoute, type Audience, routeName } from '#shared/api/route.ts';
import { apiTokenMessages } from '#shared/api-tokens.ts';
import { impersonationMessages } from '#shared/impersonation.ts';
import { addTeamMember } from '#test/support/team.ts';
import { build } from '#test/support/test-app.ts';

// The authorization matrix of every route the app serves, and seven actors: nobody, a
// signed-out session, a client, a team member, an admin testing as a client, an admin,
// and the client's personal API token. A route's audience comes from the shared route table (src/shared/api); a route
// served outside it fails. Each answer must be the one its audience allows, and never a 5xx.

/** Money and membership: the client's own, never an admin's test session. */
const OWN_SESSION_ONLY = [
  'POST /api/zoho/select-package',
  'POST /api/team/invite',
  'DELETE /api/team/members/:id',
  'POST /api/account/export',
  'POST /api/account/close',
];

const t = await build();
const admin = await t.createUser({ role: 'Admin' });
const client = await t.createUser({ subscriptionPlan: 'Pro', subscriptionStatus: 'active' });
const member = await addTeamMember(t, client.user.id);
const signedOut = await t.createUser();
await t.injectAs(signedOut.token, { method: 'POST', url: '/api/auth/logout' });
/** The client's personal API token: accepted only where the route says `apiToken`. */
const apiToken = (
  await t.injectAs(client.token, {
    method: 'POST',
    url: '/api/account/api-tokens',
    payload: { name: 'Matrix', expiresInDays: 7 },
  })
).json<{ secret: string }>().secret;

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

/** Every route of every module of the table (src/shared/api/*.ts). */
const tableModules = import.meta.glob<Record<string, unknown>>('../../src/shared/api/*.ts', {
  eager: true,
});
const isRoute = (value: unknown): value is ApiRoute =>
  typeof value === 'object' && value !== null && (value as ApiRoute).apiRoute === true;
const table = Object.values(tableModules)
  .flatMap((module) => Object.values(module))
  .flatMap((exported) => (isRoute(exported) ? [exported] : Object.values(exported ?? {})))
  .filter(isRoute);

await t.app.ready();
// The API: every route in the OpenAPI document, and any hidden one under /api/ (pages and
// /metrics are not the API).
const served = registeredRoutes(t.app).filter((r) => !r.hidden || r.url.startsWith('/api/'));
const MADE_UP_ID = '00000000-0000-4000-8000-000000000000';
const routes = served.map((r) => {
  const name = `${r.method} ${r.url}`;
  const audience: Audience | undefined = r.apiRoute?.audience;
  return {
    name,
    method: r.method as 'GET',
    audience,
    /** What an admin testing as the client reads on an own-session route. */
    refusal: r.apiRoute?.refusal ?? impersonationMessages.notAvailable,
    takesApiToken: r.apiRoute?.apiToken === true,
    url: r.url.replace(/:\w+/g, MADE_UP_ID),
  };
});

const call = (route: (typeof routes)[number], token?: string) =>
  t.app.inject({
    method: route.method,
    url: route.url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
  });

describe('authorization matrix', () => {
  it('knows the audience of every route it serves, from the table', () => {
    expect(routes.filter((r) => !r.audience).map((r) => r.name)).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(120);
    expect(routes.filter((r) => r.audience === 'admin').length).toBeGreaterThanOrEqual(25);
    const audienceOf = new Map(routes.map((r) => [r.name, r.audience]));
    for (const name of OWN_SESSION_ONLY) expect(audienceOf.get(name), name).toBe('own-session');
  });

  it('serves every route of the table once, at its own path', () => {
    const fromTable = served.flatMap((r) => (r.apiRoute ? [routeName(r.apiRoute)] : []));
    expect([...fromTable].sort()).toEqual(table.map(routeName).sort());
    // At the table's own path: a plugin registered under a prefix would move it.
    const moved = served.filter(
      (r) => r.apiRoute && `${r.method} ${r.url}` !== routeName(r.apiRoute),
    );
    expect(moved.map((r) => r.url)).toEqual([]);
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
        apiToken: await call(route, apiToken),
      };
      for (const [actor, answer] of Object.entries(answers)) {
        expect(answer.statusCode, `${actor}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
      }
      const status = (actor: keyof typeof answers) => answers[actor].statusCode;
      if (route.audience === 'public') return;

      // A personal API token reaches only the routes that take one (decision 025).
      if (route.takesApiToken) {
        expect(status('apiToken'), `token: ${answers.apiToken.body.slice(0, 200)}`).not.toBe(401);
      } else {
        expect(status('apiToken'), 'a personal API token').toBe(401);
        expect(answers.apiToken.json().message).toBe(apiTokenMessages.notHere);
      }

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
      if (route.audience === 'own-session') {
        expect(status('testing'), 'admin testing as a client').toBe(403);
        expect(answers.testing.json().message).toBe(route.refusal);
      } else {
        expect(status('testing'), `testing: ${answers.testing.body.slice(0, 200)}`).not.toBe(401);
      }
    },
  );
});
