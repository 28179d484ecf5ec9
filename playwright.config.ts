import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium.ts';

// Browser tests drive Debian's Chromium (never a downloaded browser) against the built
// product that scripts/e2e-server.mjs starts on a fresh database (DESIGN §2).

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // No retry, in CI either: a test that passes only on its second try hides a race, and
  // every test is expected to pass at the first.
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // A test walks several screens and runs axe on each; on two shared cores, with the
  // server and the other worker beside it, one axe pass has taken 13 s. A minute is the
  // time a whole test may take; each step still waits at most the expect timeout.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // A failed test keeps its trace's DOM snapshots and network log, but no screencast:
    // recording frames for every test cost about a third of the suite's CPU on two cores
    // (measured on three spec files: 353 s of CPU and a timeout with it, 235 s without),
    // enough to starve the browser of the time its pages need.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
