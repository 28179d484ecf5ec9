import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildLoggedApp } from '#test/support/logged-app.ts';
import { build, nextIp } from '#test/support/test-app.ts';

// A form on a pre-rendered page, submitted before the page's JavaScript has taken it over,
// is posted by the browser itself (the forms say method="post", so nothing typed lands in
// the address bar). The server answers with a fresh GET of the same page and never keeps,
// echoes or logs what was typed.

const EMAIL = 'pat.visitor@example.test';
const PASSWORD = 'Typed-Before-Hydration-9';

const root = mkdtempSync(join(tmpdir(), 'page-forms-'));
const page = (title: string) => `<!DOCTYPE html><html><body><h1>${title}</h1></body></html>`;
writeFileSync(join(root, '__spa-fallback.html'), page('Loading'));
writeFileSync(join(root, 'index.html'), page('Home'));
for (const dir of ['login', 'register', 'forgot-password', 'contact']) {
  mkdirSync(join(root, dir));
  writeFileSync(join(root, dir, 'index.html'), page(dir));
}

const t = await build();
// At debug, so every request's own line (request-log.ts) is in the log too.
const { app, lines } = await buildLoggedApp(
  { ...t.deps, config: { ...t.deps.config, webRoot: root } },
  { serveWeb: true },
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (url: string, payload: string, type = 'application/x-www-form-urlencoded') =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': type },
    remoteAddress: nextIp(),
  });
const requestLines = () =>
  lines
    .map((line) => JSON.parse(line) as { msg: string; route?: string })
    .filter((entry) => entry.route !== undefined);

describe('a form posted to a pre-rendered page', () => {
  it('answers 303 to the same page, echoes nothing and logs no e-mail or password', async () => {
    const response = await post('/login', form({ email: EMAIL, password: PASSWORD }));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login');
    expect(response.body).toBe('');

    const log = lines.join('\n');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain(EMAIL);
    expect(log).not.toContain(encodeURIComponent(EMAIL));
    expect(requestLines().at(-1)?.msg).toMatch(/^POST \/login 303 in \d+ ms$/);

    // The page it is sent back to is the pre-rendered one.
    const again = await app.inject({ method: 'GET', url: response.headers.location as string });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('<h1>login</h1>');
  });

  it('sends the visitor back with the page address it had, logged without its query', async () => {
    const response = await post(
      '/register?invite=invite-token-4411',
      form({ name: 'Pat', email: EMAIL, password: PASSWORD, confirmPassword: PASSWORD }),
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/register?invite=invite-token-4411');
    expect(requestLines().at(-1)?.msg).toMatch(/^POST \/register 303 in \d+ ms$/);
    expect(lines.join('\n')).not.toContain('invite-token-4411');

    const forgot = await post('/forgot-password', form({ email: EMAIL }));
    expect(forgot.statusCode).toBe(303);
    expect(forgot.headers.location).toBe('/forgot-password');
    expect(lines.join('\n')).not.toContain(EMAIL);
  });

  it('takes only a form of a usual size', async () => {
    const json = await post('/login', JSON.stringify({ password: PASSWORD }), 'application/json');
    expect(json.statusCode).toBe(415);
    const huge = await post('/login', form({ password: 'x'.repeat(1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(lines.join('\n')).not.toContain(PASSWORD);
  });

  it('leaves pages without a form of their own and the API as they were', async () => {
    const home = await post('/', form({ q: 'anything' }));
    expect(home.statusCode).toBe(303);
    expect(home.headers.location).toBe('/');
    // A portal page is no pre-rendered page: a POST to it is no form of ours.
    expect((await post('/client', form({ a: '1' }))).statusCode).toBe(404);
    const api = await post('/api/auth/login', form({ email: EMAIL, password: PASSWORD }));
    expect(api.statusCode).toBe(415);
  });
});
