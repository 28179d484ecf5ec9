import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createWebhookCaller } from '#server/integrations/n8n/webhook.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { build } from '#test/support/test-app.ts';
import { addressWarnings } from './service.ts';

// With ALLOW_PRIVATE_WEBHOOKS off (the production default), a process pointing at a
// private, loopback, link-local or other non-public address still saves, with a warning
// in the answer, and its calls are refused before any connection is made.

const t = await build({
  config: loadConfig({ LOG_LEVEL: 'silent', ALLOW_PRIVATE_WEBHOOKS: 'false' }),
  integrations: {
    n8n: createWebhookCaller({ allowPrivate: false, timeoutMs: 2_000 }),
    mailer: null,
  },
});
const n8n = await startFakeN8n();
const admin = await t.createUser({ role: 'Admin' });
const client = await t.createUser();

const warning = (label: string, address: string) =>
  `The ${label} points at a private, loopback or other non-public address (${address}); calls to it will be refused unless ALLOW_PRIVATE_WEBHOOKS is on.`;

const create = (payload: object) =>
  t.injectAs(admin.token, {
    method: 'POST',
    url: '/api/admin/processes',
    payload: { name: 'Internal', clientUserId: client.user.id, ...payload },
  });

const update = (id: string, payload: object) =>
  t.injectAs(admin.token, { method: 'PATCH', url: `/api/admin/processes/${id}`, payload });

describe('the SSRF guard on process webhooks', () => {
  it.each([
    n8n.url('/ok/local'),
    'http://10.20.30.40/webhook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]:5678/webhook',
    'http://0x7f000001:5678/webhook',
    'http://192.0.2.1/webhook',
    'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
  ])('refuses %s', async (url) => {
    const created = await create({ n8nWebhookUrl: url });
    const test = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/processes/${created.json()._id}/test`,
      payload: {},
    });
    expect(test.statusCode).toBe(502);
    expect(test.json().message).toMatch(
      /Refused to call .*private, loopback, link-local and other special-purpose/,
    );
    expect(n8n.received).toHaveLength(0);
  });
});

describe('saving a process with a non-public address', () => {
  it('saves it and warns about the webhook URL', async () => {
    const response = await create({ n8nWebhookUrl: 'http://10.0.0.5/hook' });
    expect(response.statusCode).toBe(201);
    expect(response.json().warnings).toEqual([warning('webhook URL', '10.0.0.5')]);
    const list = await t.injectAs(admin.token, { method: 'GET', url: '/api/admin/processes' });
    expect(list.json().map((p: { _id: string }) => p._id)).toContain(response.json()._id);
  });

  it('resolves host names: a fallback URL on localhost is loopback', async () => {
    const response = await create({
      n8nWebhookUrl: 'https://8.8.8.8/hook',
      inactiveFallbackWebhookUrl: 'http://localhost:5678/paused',
    });
    expect(response.statusCode).toBe(201);
    const [only, ...rest] = response.json().warnings;
    expect(rest).toEqual([]);
    expect([warning('fallback URL', '127.0.0.1'), warning('fallback URL', '::1')]).toContain(only);
  });

  it('warns on an update that sets such a URL, and not on a pause', async () => {
    const created = await create({ n8nWebhookUrl: 'https://8.8.8.8/hook' });
    expect(created.json().warnings).toEqual([]);
    const id = created.json()._id;
    const edited = await update(id, {
      n8nWebhookUrl: 'http://[::ffff:127.0.0.1]/hook',
      inactiveFallbackWebhookUrl: 'http://[fd00::5]/paused',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      n8nWebhookUrl: 'http://[::ffff:127.0.0.1]/hook',
      warnings: [warning('webhook URL', '::ffff:7f00:1'), warning('fallback URL', 'fd00::5')],
    });
    const paused = await update(id, { isActive: false });
    expect(paused.json()).toMatchObject({ isActive: false, warnings: [] });
  });

  it('never fails the save because DNS failed', async () => {
    const response = await create({ n8nWebhookUrl: 'https://no-such-host.invalid/hook' });
    expect(response.statusCode).toBe(201);
    expect(response.json().warnings).toEqual([]);
  });

  it('warns about nothing when ALLOW_PRIVATE_WEBHOOKS is on', async () => {
    const input = { n8nWebhookUrl: 'http://10.0.0.5/hook' };
    await expect(addressWarnings(input, true)).resolves.toEqual([]);
    await expect(addressWarnings(input, false)).resolves.toHaveLength(1);
  });
});
