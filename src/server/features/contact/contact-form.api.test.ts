import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enquiries, outbox } from '#server/db/schema.ts';
import { buildLoggedApp } from '#test/support/logged-app.ts';
import { build, nextIp } from '#test/support/test-app.ts';

// The enquiry form sent before the contact page hydrated: the browser posts it as a form,
// and the server takes it as the JSON call does (same rules, same rate limit, stored
// before anything is sent), then sends the visitor back to the page, which says whether
// the enquiry was sent. Nothing a visitor submits is lost for want of JavaScript.

const t = await build();
const db = t.deps.database.db;
// At debug, so every request's own line is in the log too.
const { app, lines } = await buildLoggedApp(t.deps);

/** The fields as the page's form names them, with option codes as its selects hold them. */
const fields = {
  name: 'Robin Formpost',
  email: 'robin.formpost@example.test',
  company: '',
  phone: '',
  website: '',
  interest: 'automation',
  budget: 'medium',
  timeline: '',
  teamSize: '',
  message: 'Our order e-mails should land in the ERP without retyping.',
  referral: '',
};
const postForm = (values: Record<string, string>, remoteAddress = nextIp()) =>
  app.inject({
    method: 'POST',
    url: '/contact',
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress,
  });
const postJson = (payload: object, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });
const storedFrom = (email: string) => db.select().from(enquiries).where(eq(enquiries.email, email));

describe('the enquiry form posted without JavaScript', () => {
  it('stores the enquiry, queues its e-mail and sends the visitor to the thank-you state', async () => {
    const response = await postForm(fields);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/contact?enquiry=sent');
    expect(response.body).toBe('');

    const [row] = await storedFrom(fields.email);
    expect(row).toMatchObject({
      name: 'Robin Formpost',
      interest: 'Automation & AI Agents',
      budget: '$5,000 - $25,000',
      company: null,
      message: fields.message,
    });
    const mail = (await db.select().from(outbox)).find((o) => o.replyTo === fields.email);
    expect(mail).toMatchObject({ kind: 'enquiry', status: 'pending' });
    // The request's own line names the page, never what was typed.
    const log = lines.join('\n');
    expect(log).toMatch(/"msg":"POST \/contact 303 in \d+ ms"/);
    expect(log).not.toContain(fields.email);
    expect(log).not.toContain('retyping');
  });

  it('stores nothing that breaks the rules and says the enquiry was not sent', async () => {
    const email = 'not-stored@example.test';
    const response = await postForm({ ...fields, email, message: '   ' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/contact?enquiry=unsent');
    const stored = await storedFrom(email);
    expect(stored).toEqual([]);
    // Text the database could never store is refused the same way.
    const nul = await postForm({ ...fields, email, name: 'Nul\u0000Byte' });
    expect(nul.headers.location).toBe('/contact?enquiry=unsent');
    expect(await storedFrom(email)).toEqual([]);
  });

  it('spends the same rate limit as the JSON call', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await postJson({}, ip)).statusCode).toBe(400);
    const email = 'over-the-limit@example.test';
    const refused = await postForm({ ...fields, email }, ip);
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/contact?enquiry=unsent');
    expect(await storedFrom(email)).toEqual([]);

    const other = nextIp();
    for (let i = 0; i < 5; i++) await postForm({ ...fields, message: '' }, other);
    expect((await postJson({}, other)).statusCode).toBe(429);
  });

  it('takes only a form of a usual size', async () => {
    const json = await app.inject({
      method: 'POST',
      url: '/contact',
      payload: fields,
      remoteAddress: nextIp(),
    });
    expect(json.headers.location).toBe('/contact?enquiry=unsent');
    const huge = await postForm({ ...fields, message: 'x'.repeat(1024 * 1024) });
    expect(huge.headers.location).toBe('/contact?enquiry=unsent');
  });
});
