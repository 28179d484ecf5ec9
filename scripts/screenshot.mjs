// Screenshots for looking at a screen while building it (not part of the tests):
//   node scripts/screenshot.mjs <url> <out-prefix> [--session session.json] [--full]
// writes <out-prefix>-1280.png and <out-prefix>-375.png with Debian's Chromium.
// session.json is an /api/auth/login answer ({ token, user }), stored the way the app
// stores it before the page opens.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { register } from 'tsx/esm/api';

register();
const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('../tests/support/chromium.ts');

const [url, prefix, ...rest] = process.argv.slice(2);
if (!url || !prefix) {
  console.error('usage: node scripts/screenshot.mjs <url> <out-prefix> [--session f] [--full]');
  process.exit(2);
}
const sessionFile = rest.includes('--session') ? rest[rest.indexOf('--session') + 1] : null;
const session = sessionFile ? JSON.parse(readFileSync(sessionFile, 'utf8')) : null;
const fullPage = rest.includes('--full');

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const width of [1280, 375]) {
  const page = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 900 } });
  if (session) {
    await page.goto(new URL('/', url).href);
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    }, session);
  }
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) console.warn(`${width}px: the page scrolls sideways by ${overflow}px`);
  await page.screenshot({ path: `${prefix}-${width}.png`, fullPage });
  await page.close();
}
await browser.close();
