import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnMain, untilReady } from '#test/support/main-process.ts';

// DATA_DIR holds the embedded database, whose files and write-ahead log carry password
// hashes and secrets in clear: the real server (main.ts in its own process) keeps all of
// it readable by its owner only, and tightens a folder an older version left open.

const root = mkdtempSync(join(tmpdir(), 'data-dir-private-'));
const dataDir = join(root, 'data'); // not there yet: the server creates it
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every path under `dir` (itself included) with its permission bits. */
function modes(dir: string): { path: string; mode: number }[] {
  const found = [{ path: dir, mode: lstatSync(dir).mode & 0o777 }];
  if (lstatSync(dir).isDirectory())
    for (const name of readdirSync(dir)) found.push(...modes(join(dir, name)));
  return found;
}

const openToOthers = (dir: string) =>
  modes(dir)
    .filter((entry) => entry.mode & 0o077)
    .map((entry) => `${entry.mode.toString(8)} ${entry.path}`);

/** Starts the server, waits until it is ready, stops it; answers what it wrote on stdout. */
async function startAndStop(): Promise<string> {
  const server = await spawnMain({ dataDir, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  server.child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  await untilReady(server);
  server.child.kill('SIGTERM');
  expect(await server.exited, out).toBe(0);
  return out;
}

const tightenedLines = (out: string) =>
  out
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; count?: number })
    .filter((entry) => /open to other users/.test(entry.msg));

describe('DATA_DIR on disk', () => {
  it('is created readable by the owner only, the database files included', async () => {
    const out = await startAndStop();
    expect(statSync(join(dataDir, 'pglite', 'PG_VERSION')).isFile()).toBe(true);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(tightenedLines(out)).toEqual([]); // nothing to tighten on a new folder
  }, 90_000);

  it('is tightened at start when an older version left it open, with one log line', async () => {
    // What an earlier version wrote: folders 0755, files 0666.
    for (const { path } of modes(dataDir))
      chmodSync(path, lstatSync(path).isDirectory() ? 0o755 : 0o666);
    const loosened = modes(dataDir).length;
    expect(openToOthers(dataDir)).toHaveLength(loosened);

    const out = await startAndStop();
    expect(openToOthers(dataDir)).toEqual([]);
    const lines = tightenedLines(out);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.msg).toBe(
      `DATA_DIR (${dataDir}) was open to other users: ${loosened} files and folders are now readable by the owner only`,
    );
  }, 90_000);
});
