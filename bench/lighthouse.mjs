// Page budgets (DESIGN §6), for every public route: Lighthouse mobile Performance >= 95,
// Accessibility 100, Best Practices 100, SEO 100, LCP <= 1.5 s, CLS <= 0.02 (simulated
// throttling), at most 100 KB of gzipped JavaScript, and no portal or admin code loaded.
// Runs the built product (npm run build; WEB_ROOT picks another build) on a free port,
// with Debian's Chromium.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { register } from 'tsx/esm/api';
import { freePort, machine, startChild, waitFor } from './support.mjs';

register();
const { publicPaths } = await import('../src/shared/paths.ts');

const WEB_ROOT = process.env.WEB_ROOT ?? 'build/client';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
].join(' ');
const budget = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100 };
const MAX_LCP_MS = 1500;
const MAX_CLS = 0.02;
const MAX_JS_KB = 100;

/** Route modules of the signed-in areas, from React Router's client manifest. */
function privateOnlyAssets() {
  const dir = join(WEB_ROOT, 'assets');
  const file = readdirSync(dir).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${dir}; build first (npm run build)`);
  const text = readFileSync(join(dir, file), 'utf8');
  const manifest = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
  const isPrivate = (id) => /^(pages\/(portal|admin)\/|app\/(portal|admin)-layout)/.test(id);
  const files = (route) => [route.module, ...(route.imports ?? [])];
  const privateFiles = new Set();
  const publicFiles = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of Object.values(manifest.routes)) {
    for (const f of files(route)) (isPrivate(route.id) ? privateFiles : publicFiles).add(f);
  }
  return new Set([...privateFiles].filter((f) => !publicFiles.has(f)));
}

/** Gzipped size of every script a pre-rendered page loads (preloads and its imports). */
function gzippedJs(path) {
  const html = readFileSync(join(WEB_ROOT, path, 'index.html'), 'utf8');
  const scripts = new Set(
    [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
  );
  for (const m of html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)) scripts.add(m[1]);
  let bytes = 0;
  for (const src of scripts)
    bytes += gzipSync(readFileSync(join(WEB_ROOT, src)), { level: 9 }).length;
  return bytes / 1024;
}

function lighthouseOnce(url, outFile) {
  const args = [
    'lighthouse',
    url,
    `--chrome-path=${CHROME}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--output=json',
    `--output-path=${outFile}`,
    '--quiet',
  ];
  return new Promise((resolve, reject) => {
    // stderr is shown only when a run fails (npx and Lighthouse are chatty otherwise).
    const child = spawn('npx', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve(JSON.parse(readFileSync(outFile, 'utf8')));
      reject(new Error(`lighthouse exited ${code} for ${url}: ${stderr.trim().slice(-500)}`));
    });
  });
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); one retry covers it. */
async function lighthouse(url, outFile) {
  try {
    return await lighthouseOnce(url, outFile);
  } catch (error) {
    console.log(`  ${error.message}; retrying once`);
    return lighthouseOnce(url, outFile);
  }
}

const score = (report, key) => Math.round((report.categories[key]?.score ?? 0) * 100);

function summarise(path, report, privateAssets) {
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const transferKb = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024;
  const leaked = scripts.map((r) => new URL(r.url).pathname).filter((p) => privateAssets.has(p));
  const row = {
    path,
    performance: score(report, 'performance'),
    accessibility: score(report, 'accessibility'),
    bestPractices: score(report, 'best-practices'),
    seo: score(report, 'seo'),
    lcp: report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    jsGzipKb: gzippedJs(path),
    jsTransferKb: transferKb,
    leaked,
  };
  const failing = [];
  for (const [key, min] of Object.entries(budget))
    if (row[key] < min) failing.push(`${key} ${row[key]}`);
  if (!(row.lcp <= MAX_LCP_MS)) failing.push(`LCP ${Math.round(row.lcp)} ms`);
  if (!(row.cls <= MAX_CLS)) failing.push(`CLS ${row.cls.toFixed(3)}`);
  if (row.jsGzipKb > MAX_JS_KB) failing.push(`JS ${row.jsGzipKb.toFixed(1)} KB`);
  if (leaked.length) failing.push(`private code ${leaked.join(', ')}`);
  // Lighthouse lists the audits that cost points; show them so a failure is actionable.
  const lost = Object.values(report.categories)
    .flatMap((c) => c.auditRefs.filter((a) => a.weight > 0).map((a) => report.audits[a.id]))
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
    .map((a) => a.id);
  return { ...row, failing, lost: [...new Set(lost)] };
}

const privateAssets = privateOnlyAssets();
const port = await freePort();
const server = startChild('node', ['scripts/e2e-server.mjs'], {
  E2E_PORT: String(port),
  WEB_ROOT,
  LOG_LEVEL: 'error',
});
const base = `http://127.0.0.1:${port}`;
const outDir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
let failed = false;
try {
  await waitFor(`${base}/healthz`);
  console.log(`Lighthouse (mobile, simulated throttling) on ${await machine()}, build ${WEB_ROOT}`);
  console.log(
    'route           perf  a11y  best   seo    LCP ms    CLS   JS gzip KB  JS sent KB  result',
  );
  for (const path of publicPaths) {
    const report = await lighthouse(`${base}${path}`, join(outDir, 'report.json'));
    const row = summarise(path, report, privateAssets);
    failed ||= row.failing.length > 0;
    console.log(
      [
        path.padEnd(14),
        String(row.performance).padStart(5),
        String(row.accessibility).padStart(5),
        String(row.bestPractices).padStart(5),
        String(row.seo).padStart(5),
        String(Math.round(row.lcp)).padStart(9),
        row.cls.toFixed(3).padStart(6),
        row.jsGzipKb.toFixed(1).padStart(12),
        row.jsTransferKb.toFixed(1).padStart(11),
        row.failing.length ? `  FAIL: ${row.failing.join('; ')}` : '  PASS',
      ].join(' '),
    );
    if (row.lost.length) console.log(`                audits below 100%: ${row.lost.join(', ')}`);
  }
  console.log(
    `Budgets: performance >= ${budget.performance}, accessibility/best practices/SEO 100, LCP <= ${MAX_LCP_MS} ms, CLS <= ${MAX_CLS}, JS <= ${MAX_JS_KB} KB gzipped, no portal/admin code.`,
  );
  console.log(
    'JS sent = compressed script bytes on the wire as Lighthouse measured them, headers included.',
  );
} finally {
  await server.stop();
  rmSync(outDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
