import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { passkeys, webhookDeliveries } from '#server/db/schema.ts';
import { queueMail } from '#server/domain/mail/outbox.ts';
import { exportFiles } from '#shared/privacy.ts';
import { createClient } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// The account archive holds the copies of mail kept about the person, as the archive of
// someone who only wrote to us does (docs/decisions/017-privacy-requests.md); a one-time
// link in one is left out: whoever downloads the archive, an admin too, must not get it.

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });

describe('the account archive', () => {
  it('holds the mail sent to the person, one-time links left out', async () => {
    const client = await createClient(t);
    await queueMail(db, {
      kind: 'plan-changed',
      to: client.user.email.toUpperCase(),
      subject: 'Your plan is now Pro',
      text: 'Hello, your plan changed to Pro.',
    });
    await queueMail(db, {
      kind: 'password-reset',
      to: client.user.email,
      subject: 'Reset your password',
      text: 'Open https://portal.example.test/reset/LIVE-TOKEN-4b1f within the hour.',
      sensitive: true,
    });
    await queueMail(db, {
      kind: 'plan-changed',
      to: 'someone.else@example.test',
      subject: 'Not about them',
      text: 'Another account.',
    });

    const response = await t.injectAs(admin.token, {
      method: 'GET',
      url: `/api/admin/clients/${client.user.id}/export`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const files = Object.fromEntries(
      Object.entries(unzipSync(new Uint8Array(response.rawPayload))).map(([name, data]) => [
        name,
        strFromU8(data),
      ]),
    );
    expect(Object.keys(files).sort()).toEqual(Object.keys(exportFiles).sort());
    expect(files['README.txt']).toContain(`mail.json`);
    expect(files['README.txt']).toContain(exportFiles['mail.json']);

    const mail = JSON.parse(files['mail.json']!) as { subject: string; text: string }[];
    expect(mail.map((m) => m.subject).sort()).toEqual([
      'Reset your password',
      'Your plan is now Pro',
    ]);
    expect(mail.find((m) => m.subject === 'Your plan is now Pro')?.text).toBe(
      'Hello, your plan changed to Pro.',
    );
    expect(files['mail.json']).not.toContain('LIVE-TOKEN-4b1f');
  });

  it('holds the person’s passkeys by name and their webhook notices, no key material', async () => {
    const client = await createClient(t);
    await db.insert(passkeys).values({
      userId: client.user.id,
      credentialId: 'CREDENTIAL-ID-7c2e',
      publicKey: 'PUBLIC-KEY-9a41',
      deviceType: 'multiDevice',
      backedUp: true,
      name: 'Work laptop',
    });
    await db.insert(webhookDeliveries).values({
      userId: client.user.id,
      event: 'run.failed',
      body: JSON.stringify({ event: 'run.failed', process: { name: 'Lead intake' } }),
      status: 'sent',
      attempts: 1,
    });
    const response = await t.injectAs(admin.token, {
      method: 'GET',
      url: `/api/admin/clients/${client.user.id}/export`,
    });
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const read = (name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, unknown>[];
    expect(read('passkeys.json')).toEqual([
      expect.objectContaining({ name: 'Work laptop', synced: true, lastUsedAt: null }),
    ]);
    expect(strFromU8(files['passkeys.json']!)).not.toMatch(/CREDENTIAL-ID|PUBLIC-KEY/);
    expect(read('webhook-notices.json')).toEqual([
      expect.objectContaining({
        event: 'run.failed',
        status: 'sent',
        notice: { event: 'run.failed', process: { name: 'Lead intake' } },
      }),
    ]);
  });
});
