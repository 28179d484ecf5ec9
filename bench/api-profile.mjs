// Where the api bench's CPU goes: starts the product server under `node --cpu-prof`, loads
// one call unthrottled (autocannon, 50 connections), stops the server and prints the
// functions and files with the most CPU time, in µs per request, so two checkouts compare:
// `node bench/api-profile.mjs [list|home] [checkout]` (this one by default; another one
// needs its build and node_modules). BENCH_SECONDS sets the load's length. The profile
// stays in the directory it prints.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { benchCalls, startProductServer } from './api-server.mjs';

const which = process.argv[2] ?? 'list';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const profileDir = mkdtempSync(join(tmpdir(), 'api-profile-'));
const checkout = resolve(process.argv[3] ?? '.');
const product = await startProductServer({
  dir: checkout,
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
});
const call = benchCalls(product)[which];
const load = (duration) =>
  new Promise((resolve, reject) =>
    autocannon({ ...call, connections: 50, duration }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );
await load(3);
// The profile's clock is the system's monotonic one, as process.hrtime's: only samples
// taken while the measured load ran count, not start-up, seeding or shutdown.
const from = Number(process.hrtime.bigint() / 1000n);
const result = await load(seconds);
const to = Number(process.hrtime.bigint() / 1000n);
await product.server.stop();
console.log(`${which}: ${Math.round(result.requests.average)} req/s under the profiler`);

const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8'));
const parentOf = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node);
const dt = new Map();
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (at >= from && at <= to) dt.set(id, (dt.get(id) ?? 0) + delta);
});
let total = 0;
const byFunction = new Map();
const byFile = new Map();
for (const node of profile.nodes) {
  const us = dt.get(node.id) ?? 0;
  total += us;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^file:\/\//, '').replace(checkout, '.');
  const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  const pkg = where.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? (where || functionName);
  byFile.set(pkg, (byFile.get(pkg) ?? 0) + us);
}
// Inclusive time: a function's own samples and those of everything it called, counted once
// per sample however deep it recurses.
const inclusive = new Map();
const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
for (const [id, us] of dt) {
  const seen = new Set();
  for (let node = nodeById.get(id); node; node = parentOf.get(node.id)) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^file:\/\//, '').replace(checkout, '.');
    if (!where.startsWith('./src/') && !/node_modules\/(fastify|pino|@pinojs)\//.test(where))
      continue;
    const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    if (seen.has(fn)) continue;
    seen.add(fn);
    inclusive.set(fn, (inclusive.get(fn) ?? 0) + us);
  }
}
const requests = result.requests.total;
const top = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => `  ${(us / requests).toFixed(2).padStart(7)} µs  ${name}`)
    .join('\n');
const busy = total - (byFile.get('(idle)') ?? 0);
console.log(
  `${(total / 1e6).toFixed(1)} s of samples in the measured ${seconds} s; busy ${(busy / requests).toFixed(1)} µs per request`,
);
console.log(`self time per request by package or file:\n${top(byFile, 25)}`);
console.log(`self time per request by function:\n${top(byFunction, 40)}`);
console.log(
  `inclusive time per request, the project's functions, Fastify and pino:\n${top(inclusive, 40)}`,
);
console.log(`profile: ${join(profileDir, file)}`);
