// Scheduler budget (DESIGN §6): 1,000 schedules due in the same minute all fire within
// 60 s, each exactly once, with two server instances on one PostgreSQL; each instance's
// memory (RSS) stays within 400 MB during the burst and after it.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';
import { freePort, machine, serverNodeFlags, startChild, waitFor } from './support.mjs';

const COUNT = Number(process.env.BENCH_SCHEDULES ?? 1000);
// How long the webhook takes to answer (the scale target: 20,000 due, 1 s answers).
const DELAY_MS = Number(process.env.BENCH_WEBHOOK_DELAY_MS ?? 0);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
const RSS_BUDGET_MB = 400;
const url = process.env.DATABASE_URL;
if (!url) {
  console.log('scheduler benchmark skipped: set DATABASE_URL to a PostgreSQL server.');
  process.exit(0);
}

const dbName = `bench_scheduler_${process.pid}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = Object.assign(new URL(url), { pathname: `/${dbName}` }).toString();

let hits = 0;
const webhook = createServer((req, res) => {
  hits++;
  req.resume();
  req.on('end', () => setTimeout(() => res.end('ok'), DELAY_MS));
});
await new Promise((r) => webhook.listen(0, '127.0.0.1', r));
const hookUrl = `http://127.0.0.1:${webhook.address().port}/hook`;

const env = {
  DATABASE_URL: dbUrl,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  ALLOW_PRIVATE_WEBHOOKS: 'true',
  LOG_LEVEL: 'error',
  HOST: '127.0.0.1',
};
const instances = [];
const rssMb = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
  } catch {
    return 0;
  }
};
// Each instance's highest RSS while the burst ran, sampled every 100 ms.
const peaks = [0, 0];
const sampler = setInterval(() => {
  instances.forEach((instance, i) => {
    peaks[i] = Math.max(peaks[i], rssMb(instance.child.pid));
  });
}, 100);
try {
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    instances.push(
      startChild('node', [...serverNodeFlags(), 'bench/scheduler-instance.mjs'], {
        ...env,
        PORT: String(port),
        DATA_DIR: `.tmp/bench-instance-${i}`,
      }),
    );
    await waitFor(`http://127.0.0.1:${port}/readyz`);
  }
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  // One client's process holds every schedule unless BENCH_PROCESSES spreads them over
  // that many clients, a process each: one process is the worst case for its rollup rows.
  const { rows: processRows } = await db.query(
    `with owners as (
       insert into users (name, email, password_hash, subscription_plan, subscription_status)
       select 'Bench Owner ' || n, 'owner-' || n || '@bench.test', 'x', 'Pro', 'active'
         from generate_series(1, $2::int) n
       returning id)
     insert into processes (name, client_user_id, n8n_webhook_url)
     select 'Bench workflow', id, $1 from owners returning id, client_user_id`,
    [hookUrl, PROCESSES],
  );
  const dueAt = new Date(Math.ceil((Date.now() + 5_000) / 1000) * 1000);
  await db.query(
    // A yearly cron, with its gap stored as the API stores it on create.
    `insert into schedules (process_id, client_user_id, cron, next_run_at, shortest_gap_minutes)
     select p.process_id, p.client_user_id, '0 0 1 1 *', $3, 525600
       from generate_series(0, $4::int - 1) i
       join unnest($1::uuid[], $2::uuid[]) with ordinality as p(process_id, client_user_id, n)
         on p.n = i % $5::int + 1`,
    [
      processRows.map((row) => row.id),
      processRows.map((row) => row.client_user_id),
      dueAt,
      COUNT,
      PROCESSES,
    ],
  );
  const deadline = dueAt.getTime() + 180_000;
  let fired = 0;
  while (Date.now() < deadline) {
    const { rows } = await db.query(
      "select count(*)::int as n from runs where trigger = 'schedule'",
    );
    fired = rows[0].n;
    if (fired >= COUNT) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  await new Promise((r) => setTimeout(r, 2_000)); // let any duplicate show up
  clearInterval(sampler);
  const after = instances.map((instance) => rssMb(instance.child.pid));
  const {
    rows: [stats],
  } = await db.query(
    `select count(*)::int as runs, count(distinct schedule_id)::int as schedules,
            extract(epoch from max(started_at) - $1::timestamptz) as last_after_s,
            extract(epoch from min(started_at) - $1::timestamptz) as first_after_s
       from runs where trigger = 'schedule'`,
    [dueAt],
  );
  await db.end();
  const lastAfter = Number(stats.last_after_s);
  const memoryOk = [...peaks, ...after].every((mb) => mb <= RSS_BUDGET_MB);
  const ok =
    stats.runs === COUNT &&
    stats.schedules === COUNT &&
    hits === COUNT &&
    lastAfter <= 60 &&
    memoryOk;
  console.log(
    `Scheduler benchmark on ${await machine()}, PostgreSQL, 2 instances, SCHEDULER_CONCURRENCY ${process.env.SCHEDULER_CONCURRENCY ?? 100}, webhooks answering in ${DELAY_MS} ms`,
  );
  console.log(
    `  ${COUNT} schedules of ${PROCESSES} ${PROCESSES === 1 ? 'process' : 'processes'} due at one time: ${stats.runs} runs for ${stats.schedules} schedules, ${hits} webhook calls`,
  );
  console.log(
    `  first fired ${Number(stats.first_after_s).toFixed(2)} s after the due time, last ${lastAfter.toFixed(2)} s after`,
  );
  const mb = (values) => values.map((v) => `${v.toFixed(0)} MB`).join(' and ');
  console.log(`  memory (RSS) per instance: peak ${mb(peaks)}, after the burst ${mb(after)}`);
  console.log(
    `  budget: all within 60 s, each exactly once, memory <= ${RSS_BUDGET_MB} MB: ${ok ? 'PASS' : 'FAIL'}`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  clearInterval(sampler);
  await Promise.all(instances.map((i) => i.stop()));
  webhook.close();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
