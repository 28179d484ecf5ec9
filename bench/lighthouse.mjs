// Page budgets (DESIGN §6, amended 2026-11-23), for every public route: Lighthouse mobile
// Performance >= 98 (median of three runs), Accessibility, Best Practices and SEO 100,
// LCP <= 1.2 s and CLS 0 (simulated throttling), the gzipped JavaScript a page loads by
// itself in two parts, the framework chunk <= 106 KB and everything else <= 35 KB
// (docs/decisions/005-public-js-budget.md), and no portal or admin code loaded.
// Runs the built product (npm run build; WEB_ROOT picks another build) on a free port,
// with Debian's Chromium.
//   node bench/lighthouse.mjs [/path ...]   only these routes (default: every public route)
//   LIGHTHOUSE_REPORTS=dir                  keep each route's Lighthouse JSON report there
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { freePort, machine, startChild, waitFor } from './support.mjs';

register();
const { publicPaths } = await import('../src/shared/paths.ts');
const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('../tests/support/chromium.ts');
const { MAX_APP_JS_KB, MAX_FRAMEWORK_JS_KB, gzippedJs } = await import(
  '../tests/support/page-js.ts'
);

const WEB_ROOT = process.env.WEB_ROOT ?? 'build/client';
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const only = process.argv.slice(2);
const unknown = only.filter((path) => !publicPaths.includes(path));
if (unknown.length) throw new Error(`Not public routes: ${unknown.join(', ')}`);
const routes = only.length ? only : publicPaths;
const CHROME = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS].join(' ');
const budget = { performance: 98, accessibility: 100, bestPractices: 100, seo: 100 };
const MAX_LCP_MS = 1200;
const MAX_CLS = 0;
/** Lighthouse's performance score moves with machine load: the median of three counts. */
const RUNS = 3;

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

/** The run with the median performance score of RUNS runs (its LCP and CLS with it). */
async function medianRun(url, outFile) {
  const reports = [];
  for (let i = 0; i < RUNS; i++) reports.push(await lighthouse(url, outFile));
  reports.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  return reports[Math.floor(RUNS / 2)];
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
  const js = gzippedJs(WEB_ROOT, path);
  const loaded = new Set([...scripts.map((r) => new URL(r.url).pathname), ...js.files]);
  const leaked = [...loaded].filter((p) => privateAssets.has(p));
  const row = {
    path,
    performance: score(report, 'performance'),
    accessibility: score(report, 'accessibility'),
    bestPractices: score(report, 'best-practices'),
    seo: score(report, 'seo'),
    lcp: report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    jsGzipKb: js.total,
    jsFrameworkKb: js.framework,
    jsAppKb: js.app,
    jsTransferKb: transferKb,
    leaked,
  };
  const failing = [];
  for (const [key, min] of Object.entries(budget))
    if (row[key] < min) failing.push(`${key} ${row[key]}`);
  if (!(row.lcp <= MAX_LCP_MS)) failing.push(`LCP ${Math.round(row.lcp)} ms`);
  if (!(row.cls <= MAX_CLS)) failing.push(`CLS ${row.cls.toFixed(3)}`);
  if (row.jsFrameworkKb > MAX_FRAMEWORK_JS_KB)
    failing.push(`framework JS ${row.jsFrameworkKb.toFixed(1)} KB > ${MAX_FRAMEWORK_JS_KB}`);
  if (row.jsAppKb > MAX_APP_JS_KB)
    failing.push(`app JS ${row.jsAppKb.toFixed(1)} KB > ${MAX_APP_JS_KB}`);
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
    'route             perf  a11y  best   seo    LCP ms    CLS   JS gzip KB (framework + app)  JS sent KB  result',
  );
  if (REPORTS) mkdirSync(REPORTS, { recursive: true });
  for (const path of routes) {
    const outFile = join(outDir, 'report.json');
    const report = await medianRun(`${base}${path}`, outFile);
    if (REPORTS) copyFileSync(outFile, join(REPORTS, `${path.slice(1) || 'home'}.json`));
    const row = summarise(path, report, privateAssets);
    failed ||= row.failing.length > 0;
    console.log(
      [
        path.padEnd(16),
        String(row.performance).padStart(5),
        String(row.accessibility).padStart(5),
        String(row.bestPractices).padStart(5),
        String(row.seo).padStart(5),
        String(Math.round(row.lcp)).padStart(9),
        row.cls.toFixed(3).padStart(6),
        row.jsGzipKb.toFixed(1).padStart(12),
        `(${row.jsFrameworkKb.toFixed(1).padStart(5)} + ${row.jsAppKb.toFixed(1).padStart(4)})`.padStart(
          17,
        ),
        row.jsTransferKb.toFixed(1).padStart(11),
        row.failing.length ? `  FAIL: ${row.failing.join('; ')}` : '  PASS',
      ].join(' '),
    );
    if (row.lost.length) console.log(`                audits below 100%: ${row.lost.join(', ')}`);
  }
  console.log(
    `Budgets (DESIGN §6): performance >= ${budget.performance} (median of ${RUNS} runs), accessibility/best practices/SEO 100, LCP <= ${MAX_LCP_MS} ms, CLS ${MAX_CLS}, JS gzipped framework <= ${MAX_FRAMEWORK_JS_KB} KB + app <= ${MAX_APP_JS_KB} KB, no portal/admin code.`,
  );
  console.log(
    'JS gzip = gzip -9 of every script the page loads by itself (its HTML and their static imports); framework = React, React DOM, scheduler and React Router (the framework chunk), app = everything else.',
  );
  console.log(
    'JS sent = compressed script bytes on the wire as Lighthouse measured them, headers included.',
  );
} finally {
  await server.stop();
  rmSync(outDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
