// Helpers for the benchmarks: free ports, child servers, waiting for readiness.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts a child process and returns it with a stop() that waits for its exit. `cwd` runs
 * it in another checkout (the api bench's previous release).
 */
export function startChild(command, args, env, { cwd } = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd,
  });
  return {
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export const machine = async () => {
  const os = await import('node:os');
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
};

/**
 * The Node flags `npm start` gives the server (package.json, e.g. its heap cap), so a
 * bench's server instance runs as in production; BENCH_SERVER_FLAGS adds more, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where an instance spends its time.
 */
export const serverNodeFlags = () => [
  ...JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
    .scripts.start.split(/\s+/)
    .filter((word) => word.startsWith('--')),
  ...(process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
];
