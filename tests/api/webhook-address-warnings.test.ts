import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { catalogTemplates } from '#server/db/schema.ts';
import { seedCatalog } from '#server/db/seed/catalog.ts';
import { catalogMessages } from '#shared/catalog.ts';
import { createClient } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// With ALLOW_PRIVATE_WEBHOOKS off (the production default), a notification webhook or a
// process made when approving a catalog request that points at a private, loopback or
// other non-public address still saves, with a warning in the answer, as the process form
// does: the outbound module would refuse every call to it.

const t = await build({
  config: loadConfig({
    DATA_DIR: '.tmp/unused',
    LOG_LEVEL: 'silent',
    ALLOW_PRIVATE_WEBHOOKS: 'false',
  }),
});
const db = t.deps.database.db;
await seedCatalog(db);
const admin = await t.createUser({ role: 'Admin' });
const [template] = await db.select().from(catalogTemplates).limit(1);

const notificationsWarning = (address: string) =>
  `The webhook URL points at a private, loopback or other non-public address (${address}); notices sent to it will be refused. Use an address reachable from the internet.`;
const adminWarning = (address: string) =>
  `The webhook URL points at a private, loopback or other non-public address (${address}); calls to it will be refused unless ALLOW_PRIVATE_WEBHOOKS is on.`;

describe('a notification webhook on a non-public address', () => {
  const save = async (webhookUrl: string | null) => {
    const pro = await createClient(t, { plan: 'Pro' });
    return t.injectAs(pro.token, {
      method: 'PUT',
      url: '/api/settings/notifications',
      payload: { emailOnFailure: false, emailOnSkip: false, dailySummary: false, webhookUrl },
    });
  };

  it('is saved with a warning', async () => {
    const saved = await save('https://10.0.0.5/hooks/notices');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      webhookUrl: 'https://10.0.0.5/hooks/notices',
      warnings: [notificationsWarning('10.0.0.5')],
    });
  });

  it('is found through its host name', async () => {
    const saved = await save('https://localhost:8443/notices');
    const [only, ...rest] = saved.json().warnings;
    expect(rest).toEqual([]);
    expect([notificationsWarning('127.0.0.1'), notificationsWarning('::1')]).toContain(only);
  });

  it('warns about nothing for a public address or none', async () => {
    expect((await save('https://8.8.8.8/notices')).json().warnings).toEqual([]);
    expect((await save(null)).json().warnings).toEqual([]);
  });
});

describe('approving a catalog request into a process on a non-public address', () => {
  const approve = async (payload: object) => {
    const client = await createClient(t, { plan: 'Basic' });
    const asked = await t.injectAs(client.token, {
      method: 'POST',
      url: `/api/catalog/request-access/${template!.id}`,
      payload: {},
    });
    return t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/catalog-requests/${asked.json().request._id}/approve`,
      payload,
    });
  };

  it('approves and warns about the webhook URL', async () => {
    const approved = await approve({ createProcess: true, n8nWebhookUrl: 'http://10.0.0.5/hook' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({
      message: catalogMessages.approvedWithProcess,
      warnings: [adminWarning('10.0.0.5')],
    });
  });

  it('warns about nothing for a public address or without a process', async () => {
    const publicUrl = await approve({ createProcess: true, n8nWebhookUrl: 'https://8.8.8.8/hook' });
    expect(publicUrl.json().warnings).toEqual([]);
    const noProcess = await approve({ createProcess: false, n8nWebhookUrl: 'http://10.0.0.5/x' });
    expect(noProcess.json()).toEqual({ message: catalogMessages.approved, warnings: [] });
  });
});
