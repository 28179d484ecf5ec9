import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

// The real server (src/server/main.ts) in a process of its own, on a free loopback port
// and a data directory of the test's, without the web build and without the test run's
// own database settings: what an operator gets from `npm start`.

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface MainProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:PORT */
  base: string;
  exited: Promise<number | null>;
}

/** Variables of the test run that would change what the server does. */
const UNSET = ['DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'PUBLIC_URL', 'LOG_LEVEL'];

export async function spawnMain(options: {
  dataDir: string;
  env?: Record<string, string>;
  stdio: StdioOptions;
}): Promise<MainProcess> {
  const port = await freePort();
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !UNSET.includes(name)),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      WEB_ROOT: join(options.dataDir, 'no-web-build'),
      ...options.env,
    },
    stdio: options.stdio,
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, port, base: `http://127.0.0.1:${port}`, exited };
}

/**
 * Resolves once the server answers `path` (its readiness check by default) with 2xx,
 * asking every 100 ms. A server that exits first, or is not ready within `timeoutMs`, fails
 * the wait at once, and is killed rather than left holding its port.
 */
export async function untilReady(
  server: { child: ChildProcess; base: string },
  { path = '/readyz', timeoutMs = 60_000 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const running = () => server.child.exitCode === null && server.child.signalCode === null;
  while (running() && Date.now() < deadline) {
    const ready = await fetch(`${server.base}${path}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await delay(100);
  }
  const stopped = !running();
  server.child.kill('SIGKILL');
  throw new Error(
    stopped
      ? `the server at ${server.base} stopped before it was ready (port in use?)`
      : `the server at ${server.base} was not ready within ${timeoutMs} ms`,
  );
}
