import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
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
});
