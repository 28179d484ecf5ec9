import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { auditLogs, catalogTemplates } from '#server/db/schema.ts';
import { seedCatalog } from '#server/db/seed/catalog.ts';
import { createClient } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// Webhook addresses are capabilities (whoever holds an n8n production URL can run the
// workflow outside plan limits and run logging), and keys and secrets are credentials:
// neither may reach an audit entry's details nor any file of a data-export archive
// (docs/decisions/017-privacy-requests.md). The flows below set every one of them through
// the API an admin and a client use, then read what was stored and exported.

const t = await build();
const db = t.deps.database.db;
await seedCatalog(db);
const admin = await t.createUser({ role: 'Admin' });

// Hosts are documentation addresses (no DNS look-up at save); the paths are the secrets.
const SECRETS = {
  webhookUrl: 'https://203.0.113.50/webhook/first-path-8c1e',
  fallbackUrl: 'https://203.0.113.51/webhook/fallback-path-52ad',
  newWebhookUrl: 'https://203.0.113.52/webhook/second-path-d7f0',
  headerKey: 'header-key-secret-1f93',
  jwtSecret: 'jwt-secret-for-the-flows-test-0b6e4a',
  basicPass: 'basic-pass-secret-77c2',
  notifyUrl: 'https://203.0.113.53/hooks/notify-path-4a9b',
  catalogUrl: 'https://203.0.113.54/webhook/catalog-path-e31d',
  integrationKey: 'integration-key-secret-5d08',
};
/** The part of each address that is the capability, looked for on its own too. */
const PATHS = Object.values(SECRETS)
  .filter((value) => value.startsWith('https://'))
  .map((url) => new URL(url).pathname.split('/').at(-1) as string);

const ok = <R extends { statusCode: number; body: string }>(response: R) => {
  expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(300);
  return response;
};
const asAdmin = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
  t.injectAs(admin.token, { method, url, payload });

async function setEverySecret() {
  const client = await createClient(t, { plan: 'Pro', entitlements: { manualTrigger: true } });
  const created = ok(
    await asAdmin('POST', '/api/admin/processes', {
      name: 'Order intake',
      clientUserId: client.user.id,
      n8nWebhookUrl: SECRETS.webhookUrl,
      inactiveFallbackWebhookUrl: SECRETS.fallbackUrl,
      webhookAuthKey: SECRETS.headerKey,
    }),
  ).json();
  const process = `/api/admin/processes/${created._id}`;
  ok(
    await asAdmin('PATCH', process, {
      n8nWebhookUrl: SECRETS.newWebhookUrl,
      webhookAuthKey: null,
      webhookAuthJwtSecret: SECRETS.jwtSecret,
    }),
  );
  ok(
    await asAdmin('PATCH', process, {
      inactiveFallbackWebhookUrl: null,
      webhookAuthJwtSecret: null,
      webhookAuthBasicUser: 'robot',
      webhookAuthBasicPass: SECRETS.basicPass,
    }),
  );
  ok(
    await t.injectAs(client.token, {
      method: 'PUT',
      url: '/api/settings/notifications',
      payload: {
        emailOnFailure: true,
        emailOnSkip: false,
        dailySummary: false,
        webhookUrl: SECRETS.notifyUrl,
      },
    }),
  );
  const [template] = await db.select().from(catalogTemplates).limit(1);
  const asked = ok(
    await t.injectAs(client.token, {
      method: 'POST',
      url: `/api/catalog/request-access/${template!.id}`,
      payload: {},
    }),
  ).json();
  ok(
    await asAdmin('POST', `/api/admin/catalog-requests/${asked.request._id}/approve`, {
      createProcess: true,
      n8nWebhookUrl: SECRETS.catalogUrl,
    }),
  );
  ok(
    await asAdmin('POST', `/api/admin/clients/${client.user.id}/integration-keys`, {
      n8nWebhookKey: SECRETS.integrationKey,
    }),
  );
  return client.user.id;
}

const clientId = await setEverySecret();

function expectNoSecret(text: string) {
  for (const secret of [...Object.values(SECRETS), ...PATHS]) expect(text).not.toContain(secret);
}

describe('secrets set through the API', () => {
  it('never reach an audit entry, whose details name the fields instead', async () => {
    const entries = await db.select().from(auditLogs);
    expectNoSecret(JSON.stringify(entries));
    const about = entries.filter((e) => e.userId === clientId);
    const changed = about
      .filter((e) => e.source === 'processes')
      .flatMap((e) => (e.details?.changed as string[] | undefined) ?? []);
    expect(changed).toEqual(
      expect.arrayContaining([
        'n8nWebhookUrl',
        'webhookAuthJwtSecret',
        'inactiveFallbackWebhookUrl',
        'webhookAuthBasicPass',
      ]),
    );
    const notifications = about.find((e) => e.source === 'notifications');
    expect(notifications?.details).toMatchObject({
      changed: expect.arrayContaining(['webhookUrl']),
    });
  });

  it('never reach a file of the account archive', async () => {
    const response = ok(await asAdmin('GET', `/api/admin/clients/${clientId}/export`));
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files)).toContain('audit-log.csv');
    for (const data of Object.values(files)) expectNoSecret(strFromU8(data));
  });
});
