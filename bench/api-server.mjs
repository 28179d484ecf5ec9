// The product server the api bench and its profiler load: the built product with a fresh
// embedded database (scripts/e2e-server.mjs), one client with ten processes, and that
// client's session token. `dir` starts another checkout's server (a previous release).
import { resolve } from 'node:path';
import { freePort, startChild, waitFor } from './support.mjs';

export const METRICS_TOKEN = 'bench-metrics-token-0123456789';

export async function startProductServer({ dir = '.', nodeArgs = [], env = {} } = {}) {
  const port = await freePort();
  const server = startChild(
    process.execPath,
    [...nodeArgs, 'scripts/e2e-server.mjs'],
    {
      E2E_PORT: String(port),
      LOG_LEVEL: 'error',
      // Metrics on, as in production: every request is timed into the histogram.
      METRICS_TOKEN,
      ...env,
    },
    { cwd: resolve(dir) },
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    return { server, base, token: await prepare(base, dir) };
  } catch (error) {
    // A server that did not come up is not left running behind the bench.
    await server.stop();
    throw error;
  }
}

/** Waits for the server, checks it serves a web build, and signs up the bench's client. */
async function prepare(base, dir) {
  // Start-up (migrations, the web build in memory) is slow on a busy shared machine.
  await waitFor(`${base}/healthz`, 180_000);
  // The home page is measured too: without a web build the server answers the API only.
  const home = await fetch(`${base}/`);
  if (!home.ok || !String(home.headers.get('content-type')).startsWith('text/html')) {
    throw new Error(
      `${resolve(dir)} serves no home page (${home.status}): run npm run build there`,
    );
  }
  const post = async (path, body, token) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const admin = await post('/api/auth/login', {
    email: 'admin@example.test',
    password: 'Admin-Passw0rd1',
  });
  const password = 'Bench-passw0rd';
  const client = await post('/api/auth/register', {
    name: 'Bench Client',
    email: 'bench@example.test',
    password,
    confirmPassword: password,
    acceptedTOS: true,
  });
  for (let i = 0; i < 10; i++) {
    await post(
      '/api/admin/processes',
      { name: `Workflow ${i}`, clientUserId: client.user._id, description: 'Nightly sync' },
      admin.token,
    );
  }
  return client.token;
}

/** The two calls the bench measures: the signed-in list call and the static home page. */
export const benchCalls = ({ base, token }) => ({
  list: { url: `${base}/api/n8n/my-processes`, headers: { authorization: `Bearer ${token}` } },
  // What a browser asks for: the page, compressed.
  home: { url: `${base}/`, headers: { 'accept-encoding': 'gzip, deflate, br' } },
});
