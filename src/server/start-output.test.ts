import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, type MainProcess, spawnMain } from '#test/support/main-process.ts';

// What an operator sees when the real server starts, its stdout piped as a
// service manager would: the start banner (URL, data, how to sign in, and on the first
// start the generated password, which no log line holds), JSON log lines, and no line
// per ordinary request at the default level. Before it, `npm start` builds the web app
// on the first start only, saying so step by step, and says nothing when a build is there.

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

/**
 * `npm start` (scripts/start.mjs) with an `npm` of the test's first on PATH, standing in
 * for `npm run build`: it prints the lines the real build marks its steps with, pausing
 * longer than the progress interval once, and leaves a build where WEB_ROOT says.
 */
function fakeNpm(dir: string, { fails = false } = {}): string {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  const script = fails
    ? 'echo "vite building client environment for production..."; echo "boom: a module is missing" >&2; exit 1'
    : [
        'echo "vite v8 building client environment for production..."',
        'sleep 5.5',
        'echo "vite v8 building ssr environment for production..."',
        'echo "Prerender (html): / -> index.html"',
        'echo "Removing the server build due to ssr:false"',
        'mkdir -p "$WEB_ROOT" && echo "<html></html>" > "$WEB_ROOT/__spa-fallback.html"',
      ].join('\n');
  writeFileSync(join(bin, 'npm'), `#!/bin/sh\n${script}\n`);
  chmodSync(join(bin, 'npm'), 0o755);
  return bin;
}

/** Runs `node scripts/start.mjs` until the banner or the exit; stops the server it started. */
async function npmStart(env: Record<string, string>) {
  const port = await freePort();
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !['DATABASE_URL', 'ADMIN_PASSWORD', 'PUBLIC_URL', 'LOG_LEVEL'].includes(name),
    ),
  );
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk) => {
    out += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const banner = await Promise.race([
    new Promise<boolean>((resolve) =>
      child.stdout.on('data', () => /Sign in .*\n/.test(out) && resolve(true)),
    ),
    exited.then(() => false),
  ]);
  if (banner) child.kill('SIGTERM');
  return { out, code: await exited, banner };
}

describe('npm start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'npm-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const env = (webRoot: string, npm: string) => ({
    DATA_DIR: join(dir, 'data'),
    WEB_ROOT: webRoot,
    PATH: `${npm}${delimiter}${process.env.PATH}`,
  });

  it('first start: says it builds, how long that takes, each step and the time so far', async () => {
    const webRoot = join(dir, 'build', 'client');
    const first = await npmStart(env(webRoot, fakeNpm(join(dir, 'ok'))));
    expect(first.banner, first.out).toBe(true);
    const beforeBanner = first.out.slice(0, first.out.indexOf(' is running.'));
    expect(beforeBanner).toContain(
      'Building the web app: on the first start only, it takes about a minute (later starts skip it).\n',
    );
    const steps = [
      '  1/4 Bundling the browser code',
      '  2/4 Bundling the public pages',
      '  3/4 Pre-rendering the public pages',
      '  4/4 Compressing the files (brotli and gzip)',
    ];
    const at = steps.map((step) => beforeBanner.indexOf(`${step}\n`));
    expect(at.every((index) => index > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // Piped, as under a service manager: a line every few seconds, not dots.
    expect(beforeBanner).toMatch(/\n {2}… bundling the browser code, 5 s so far\n {2}2\/4/);
    expect(beforeBanner).toMatch(/\nBuilt in [5-9] s; later starts go straight to the server\.\n/);
    // The build's own lines are kept back.
    expect(beforeBanner).not.toContain('vite');

    // The build is there now: the next start prints nothing before the banner.
    const later = await npmStart(env(webRoot, fakeNpm(join(dir, 'ok'))));
    expect(later.banner, later.out).toBe(true);
    expect(later.out).not.toMatch(/Build/);
    const beforeLater = later.out.slice(0, later.out.indexOf(' is running.')).split('\n');
    expect(beforeLater.filter((line) => line.trim() && !line.startsWith('{'))).toEqual([
      expect.stringMatching(/^ {2}\S/),
    ]);
  }, 180_000);

  it('a failed build: its output, and no server', async () => {
    const failed = await npmStart(
      env(join(dir, 'none', 'client'), fakeNpm(join(dir, 'bad'), { fails: true })),
    );
    expect(failed.banner).toBe(false);
    expect(failed.code).toBe(1);
    expect(failed.out).toMatch(/The web build failed after \d+ s:\n\n/);
    expect(failed.out).toContain('boom: a module is missing');
  }, 30_000);
});
