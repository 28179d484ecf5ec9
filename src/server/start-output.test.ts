import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type MainProcess, spawnMain } from '#test/support/main-process.ts';

// What an operator sees when the real server starts, its stdout piped as a
// service manager would: the start banner (URL, data, how to sign in, and on the first
// start the generated password, which no log line holds), JSON log lines, and no line
// per ordinary request at the default level.

const dataDir = mkdtempSync(join(tmpdir(), 'start-output-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started extends MainProcess {
  stdout: () => string;
  stderr: () => string;
}

async function start(): Promise<Started> {
  const server = await spawnMain({ dataDir, stdio: ['ignore', 'pipe', 'pipe'] });
  const { child } = server;
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    err += chunk;
  });
  // The banner's last line is printed once the server listens; an exit before it fails.
  const banner = await new Promise<boolean>((resolve) => {
    child.stdout?.on('data', () => /Sign in .*\n/.test(out) && resolve(true));
    child.once('exit', () => resolve(false));
  });
  if (!banner) throw new Error(`no start banner:\n${out}\n${err}`);
  return { ...server, stdout: () => out, stderr: () => err };
}

const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string });

describe('the start output', () => {
  it('first start: a banner with the URL, the data and the password once, JSON logs', async () => {
    const server = await start();
    const { base } = server;
    const out = server.stdout();
    expect(out).toContain(`Open       ${base}\n`);
    expect(out).toContain(`Data       embedded, in ${dataDir} (DATA_DIR)\n`);
    expect(out).toContain(`Sign in    ${base}/login as admin@localhost.localdomain\n`);
    const password = out.match(/Password {3}(\S+)\n/)?.[1] ?? '';
    expect(password).toMatch(/^\S{20,}$/);

    // The password shown signs in; a request at the default level adds no log line: the
    // next line after the requests is the one the stop writes.
    const before = server.stdout().length;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@localhost.localdomain', password }),
    });
    expect(login.status).toBe(200);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(jsonLines(server.stdout().slice(before))[0]?.msg).toBe('shutting down');
    const logged = jsonLines(server.stdout());
    expect(logged.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining(['Created the first Admin account', 'shutting down']),
    );
    expect(JSON.stringify(logged)).not.toContain(password);
    expect(server.stderr()).not.toContain(password);
    expect(server.stderr()).not.toMatch(/deprecat/i);
    // Every other line of stdout is the banner, the one text meant for people.
    const other = server
      .stdout()
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('{'));
    expect(other.length).toBeLessThanOrEqual(8);
  }, 90_000);

  it('a later start: the same banner without a password', async () => {
    const server = await start();
    const out = server.stdout();
    expect(out).toContain(`Sign in    http://127.0.0.1:${server.port}/login\n`);
    expect(out).not.toContain('Password');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 90_000);
});
