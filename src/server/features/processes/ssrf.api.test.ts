import { describe, expect, it } from 'vitest';
import { createWebhookCaller } from '#server/integrations/n8n/webhook.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { build } from '#test/support/test-app.ts';

// With ALLOW_PRIVATE_WEBHOOKS off (the production default), a process pointing at a
// private, loopback or link-local address is refused before any connection is made.

const t = await build({
  integrations: {
    n8n: createWebhookCaller({ allowPrivate: false, timeoutMs: 2_000 }),
    mailer: null,
  },
});
const n8n = await startFakeN8n();
const admin = await t.createUser({ role: 'Admin' });
const client = await t.createUser();

describe('the SSRF guard on process webhooks', () => {
  it.each([
    n8n.url('/ok/local'),
    'http://10.20.30.40/webhook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]:5678/webhook',
  ])('refuses %s', async (url) => {
    const created = await t.injectAs(admin.token, {
      method: 'POST',
      url: '/api/admin/processes',
      payload: { name: 'Internal', clientUserId: client.user.id, n8nWebhookUrl: url },
    });
    const test = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/processes/${created.json()._id}/test`,
      payload: {},
    });
    expect(test.statusCode).toBe(502);
    expect(test.json().message).toMatch(/Refused to call .*private, loopback and link-local/);
    expect(n8n.received).toHaveLength(0);
  });
});
