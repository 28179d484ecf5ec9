import { describe, expect, it } from 'vitest';
import { timeZoneMessages } from '#shared/time-zone.ts';
import { createClient } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

const t = await build();
const save = (token: string, payload: Record<string, unknown>) =>
  t.injectAs(token, { method: 'PUT', url: '/api/account/time-zone', payload });
const userOf = async (token: string) =>
  (await t.injectAs(token, { method: 'GET', url: '/api/auth/verify' })).json().user;

describe('PUT /api/account/time-zone', () => {
  it('saves the zone and gives it back in the user record', async () => {
    const client = await createClient(t);
    expect((await userOf(client.token)).timeZone).toBeNull();
    const response = await save(client.token, { timeZone: 'America/Chicago' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: timeZoneMessages.saved,
      timeZone: 'America/Chicago',
    });
    expect((await userOf(client.token)).timeZone).toBe('America/Chicago');
  });

  it('keeps the one spelling Intl gives a zone', async () => {
    const client = await createClient(t);
    const response = await save(client.token, { timeZone: ' america/denver ' });
    expect(response.json().timeZone).toBe('America/Denver');
  });

  it('refuses an unknown zone with a 400 that says what to choose', async () => {
    const client = await createClient(t);
    await save(client.token, { timeZone: 'Europe/Berlin' });
    for (const timeZone of ['Mars/Olympus_Mons', '', 'x'.repeat(200), 42]) {
      const response = await save(client.token, { timeZone });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: timeZoneMessages.unknown,
        errors: { timeZone: timeZoneMessages.unknown },
      });
    }
    expect((await userOf(client.token)).timeZone).toBe('Europe/Berlin');
  });

  it('goes back to following the browser with null', async () => {
    const client = await createClient(t);
    await save(client.token, { timeZone: 'Asia/Kolkata' });
    const response = await save(client.token, { timeZone: null });
    expect(response.json()).toEqual({ message: timeZoneMessages.followsBrowser, timeZone: null });
    expect((await userOf(client.token)).timeZone).toBeNull();
  });

  it('needs a signed-in person', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/account/time-zone',
      payload: { timeZone: 'UTC' },
    });
    expect(response.statusCode).toBe(401);
  });
});
