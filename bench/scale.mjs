// Scale benchmark: `npm run bench -- scale` seeds a PostgreSQL database
// (DATABASE_URL) with a consultancy's years of data — 10,000 clients, 20,000 processes,
// 1,000,000 runs kept (30 days, skewed to a tenth of the processes) over two years of
// rollups, a 300,000-run client, 300,000 audit entries and 50,000 enquiries with common
// and rare words; ten times that with
// BENCH_SCALE=10 — starts the real server on it, and times the calls the admin and the
// client screens make: p50/p95, answer size, and the server's memory while they run.
// Budgets: p95 <= 100 ms at 1M runs (200 ms at 10M), every answer <= 1 MB, server
// memory <= 400 MB. BENCH_KEEP_DB=1 keeps the seeded database for EXPLAIN ANALYZE.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { freePort, machine, serverNodeFlags, startChild, waitFor } from './support.mjs';

const url = process.env.DATABASE_URL;
if (!url) {
  console.log('scale benchmark skipped: set DATABASE_URL to a PostgreSQL server.');
  process.exit(0);
}
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const volumes = {
  clients: 10_000 * SCALE,
  processes: 20_000 * SCALE,
  runs: 1_000_000 * SCALE,
  audit: 300_000 * SCALE,
  enquiries: 50_000 * SCALE,
  // The busiest client's runs, exported whole by the bench (runs.csv).
  heavyRuns: 300_000,
  // Days of rollups kept before the live runs' 30 days: two years of history in all.
  historyDays: 700,
};
const budget = {
  p95Ms: SCALE >= 10 ? 200 : 100,
  bytes: 1024 * 1024,
  rssMb: 400,
  exportRowsPerSecond: 40_000,
};
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const say = (line) => console.log(line);
const fmt = new Intl.NumberFormat('en-US');

// BENCH_DB=<name> measures again on a database an earlier run kept (BENCH_KEEP_DB=1),
// migrated to this version by the server, without seeding it again.
const reused = process.env.BENCH_DB;
const dbName = reused ?? `bench_scale_${process.pid}`;
const root = new pg.Client({ connectionString: url });
await root.connect();
if (!reused) await root.query(`create database ${dbName}`);
const dbUrl = Object.assign(new URL(url), { pathname: `/${dbName}` }).toString();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const admin = { email: 'admin@bench.test', password: 'Bench-Admin-Passw0rd' };
const server = startChild('node', [...serverNodeFlags(), 'bench/scheduler-instance.mjs'], {
  DATABASE_URL: dbUrl,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  LOG_LEVEL: 'error',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: '.tmp/bench-scale',
  BACKUP_SCHEDULE: 'off',
});

const rssMb = () => {
  try {
    const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

async function post(path, body, token) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function seed(db) {
  const started = Date.now();
  const step = async (what, sql, params = []) => {
    const t0 = Date.now();
    await db.query(sql, params);
    say(`  seeded ${what} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  // Rollups are computed once at the end, as the migration's backfill does.
  await db.query('alter table runs disable trigger user');
  await step(
    `${fmt.format(volumes.clients)} clients`,
    `insert into users (name, email, password_hash, company_name, company_code, subscription_plan, subscription_status, created_at)
     select 'Client ' || g, 'client' || g || '@bench.test', 'x', 'Company ' || g, 'C' || g,
            case when g % 3 = 0 then 'Basic' else 'Pro' end, 'active', now() - (g || ' minutes')::interval
     from generate_series(1, $1) g`,
    [volumes.clients],
  );
  await step(
    `${fmt.format(volumes.processes)} processes`,
    `with c as (select id, row_number() over (order by email) as n from users where email like 'client%@bench.test')
     insert into processes (name, client_user_id, n8n_webhook_url)
     select 'Process ' || g, c.id, 'https://n8n.bench.test/webhook/' || g
     from generate_series(1, $1) g join c on c.n = (g % $2) + 1`,
    [volumes.processes, volumes.clients],
  );
  await step(
    `${fmt.format(volumes.runs)} runs over 30 days`,
    `with p as (select id, client_user_id, row_number() over (order by id) as n from processes)
     insert into runs (process_id, client_user_id, trigger, started_at, finished_at, duration_ms, status_code, ok, state)
     select p.id, p.client_user_id, 'schedule', t, t + interval '800 milliseconds', 800,
            case when g % 10 = 0 then 500 else 200 end, g % 10 <> 0, 'finished'
     from generate_series(1, $1) g
     -- Skewed as a real book of clients is: two runs in three go to a tenth of the
     -- processes (the first 2,000 at scale 1), the rest spread over all of them.
     join p on p.n = case when g % 3 = 0 then (g % $2) + 1 else (g % ($2 / 10)) + 1 end
     cross join lateral (select now() - ((g % 43200) || ' minutes')::interval as t) as at`,
    [volumes.runs, volumes.processes],
  );
  await step(
    `${fmt.format(volumes.audit)} audit entries`,
    `insert into audit_logs (level, source, message, created_at, details)
     select (array['info','warning','error'])[(g % 3) + 1], (array['auth','billing','scheduler','clients','team'])[(g % 5) + 1],
            -- Words an admin searches for: common ones ("signed", "failed 502") in a
            -- third of the entries each, and a rare one per entry (its number).
            (array['User signed in from 203.0.113.' || (g % 250), 'Run failed 502 for process ' || (g % 20000),
                   'Bench event ' || g])[(g % 3) + 1] || ' #' || g,
            now() - ((g % 525600) || ' minutes')::interval,
            jsonb_build_object('n', g, 'note', 'seeded')
     from generate_series(1, $1) g`,
    [volumes.audit],
  );
  await step(
    `${fmt.format(volumes.enquiries)} enquiries`,
    `insert into enquiries (name, email, interest, message, created_at)
     select 'Enquirer ' || g, 'enquirer' || g || '@bench.test', 'automation',
            'We would like a quote for project ' || g, now() - ((g % 1051200) || ' minutes')::interval
     from generate_series(1, $1) g`,
    [volumes.enquiries],
  );
  return started;
}

async function heavyClient(db) {
  const registered = await post('/api/auth/register', {
    name: 'Heavy Client',
    email: 'heavy@bench.test',
    password: 'Heavy-Passw0rd',
    confirmPassword: 'Heavy-Passw0rd',
    acceptedTOS: true,
  });
  const id = registered.user._id;
  await db.query(
    `update users set subscription_plan = 'Pro', subscription_status = 'active',
            entitlements = '{"analytics": true, "manualTrigger": true}' where id = $1`,
    [id],
  );
  const {
    rows: [process_],
  } = await db.query(
    `insert into processes (name, client_user_id, n8n_webhook_url)
     select 'Heavy process ' || g, $1, 'https://n8n.bench.test/heavy/' || g from generate_series(1, 20) g
     returning id`,
    [id],
  );
  await db.query(
    `with p as (select id, row_number() over (order by id) as n from processes where client_user_id = $1)
     insert into runs (process_id, client_user_id, trigger, started_at, duration_ms, status_code, ok, state)
     select p.id, $1, 'manual', now() - ((g % 43200) || ' minutes')::interval, 600, 200, g % 7 <> 0, 'finished'
     from generate_series(1, $2) g join p on p.n = (g % 20) + 1`,
    [id, volumes.heavyRuns],
  );
  return { id, processId: process_.id, token: registered.token };
}

async function seedAll(db) {
  const seededAt = await seed(db);
  const heavy = await heavyClient(db);
  const rollupStart = Date.now();
  // The window totals are computed once at the end too, not row by row by their trigger.
  await db.query("select set_config('app.rollup_rebuild', 'on', false)");
  await db.query(`insert into run_rollups (process_id, client_user_id, day, runs, failures, total_duration_ms,
      last_run_at, duration_buckets, scheduled_runs, scheduled_failures, scheduled_on_time)
    select * from runs_rolled_up('-infinity')`);
  // Two years of history before the live runs' 30 days: the rollups the retention job
  // keeps after deleting old runs. Each day holds one process in thirteen, with the runs'
  // skew (the busiest tenth of the processes run thirteen times as often).
  await db.query(
    `insert into run_rollups (process_id, client_user_id, day, runs, failures, total_duration_ms, last_run_at)
     select p.id, p.client_user_id, current_date - d, r.runs, r.runs / 10, r.runs * 800::bigint,
            (current_date - d) + time '12:00'
     from generate_series(31, 30 + $1) d
     join (select id, client_user_id, row_number() over (order by id) as n from processes) p
       on p.n % 13 = d % 13
     cross join lateral (select case when p.n <= $2 / 10 then 39 else 3 end as runs) r`,
    [volumes.historyDays, volumes.processes],
  );
  // Each process's latest outcome, as the trigger would have kept it run by run.
  await db.query(`insert into process_health (process_id, client_user_id, last_success_at, last_failure_at)
    select process_id, min(client_user_id::text)::uuid, max(started_at) filter (where ok),
           max(started_at) filter (where not ok)
    from runs where ok is not null group by process_id`);
  await db.query(`update process_health h set failures_in_a_row = s.n, failing_since = s.since,
      last_error = 'n8n answered 500', last_error_kind = 'status'
    from (select r.process_id, count(*)::integer as n, min(r.started_at) as since
          from runs r join process_health p on p.process_id = r.process_id
          where r.ok = false and (p.last_success_at is null or r.started_at > p.last_success_at)
          group by r.process_id) s
    where h.process_id = s.process_id`);
  await db.query(`insert into run_daily_totals (day, runs, failures, process_days)
    select day, sum(runs), sum(failures), count(*) from run_rollups group by day`);
  await db.query('select recompute_run_window_totals()');
  await db.query("select set_config('app.rollup_rebuild', 'off', false)");
  await db.query('alter table runs enable trigger user');
  await db.query('analyze');
  say(
    `  rollups in ${((Date.now() - rollupStart) / 1000).toFixed(1)} s; seeding took ${((Date.now() - seededAt) / 1000).toFixed(0)} s in all`,
  );
  return heavy;
}

/** The heavy client of a kept database, signed in again. */
async function heavyAgain(db) {
  say(`  measuring again on ${dbName}, as kept`);
  const { token, user } = await post('/api/auth/login', {
    email: 'heavy@bench.test',
    password: 'Heavy-Passw0rd',
  });
  const {
    rows: [first],
  } = await db.query('select id from processes where client_user_id = $1 limit 1', [user._id]);
  return { id: user._id, processId: first.id, token };
}

async function timeCall(path, token, before) {
  const times = [];
  let bytes = 0;
  let status = 0;
  for (let i = 0; i < SAMPLES; i++) {
    if (before) await before();
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await response.arrayBuffer();
    times.push(performance.now() - t0);
    bytes = Math.max(bytes, body.byteLength);
    status = response.status;
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), bytes, status };
}

/** The cursor of usage's 101st page of 1,000 rows, reached as a screen would page. */
async function usageCursor(query, token) {
  let cursor = null;
  for (let page = 0; page < 100; page++) {
    const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await fetch(`${base}/api/analytics/usage?${query}&limit=1000${after}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const next = (await response.json()).nextCursor;
    if (!next) break;
    cursor = next;
  }
  return encodeURIComponent(cursor ?? '');
}

/** A whole CSV export, streamed and counted: its rows per second. */
async function timeExport(path, token) {
  const t0 = performance.now();
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  let lines = 0;
  for await (const chunk of response.body) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  const seconds = (performance.now() - t0) / 1000;
  // The header line is not a row.
  return { status: response.status, rows: Math.max(0, lines - 1), seconds };
}

let peakRss = 0;
// The highest RSS while the current call ran, so the bench says which call grew it.
let callRss = 0;
const sampler = setInterval(() => {
  const now = rssMb();
  peakRss = Math.max(peakRss, now);
  callRss = Math.max(callRss, now);
}, 100);
let failed = false;
try {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  await waitFor(`${base}/readyz`, 120_000);
  say(`Scale benchmark on ${await machine()}, PostgreSQL, scale ×${SCALE}`);
  const heavy = reused ? await heavyAgain(db) : await seedAll(db);
  const { token } = await post('/api/auth/login', admin);
  const newRun = () =>
    db.query(
      `insert into runs (process_id, client_user_id, trigger, duration_ms, status_code, ok) values ($1, $2, 'manual', 5, 200, true)`,
      [heavy.processId, heavy.id],
    );
  // A cursor deep in the admin's list of every run: half way down, as paging would reach.
  const {
    rows: [deep],
  } = await db.query(
    `select to_char(started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::text from runs
     order by started_at desc, id desc offset $1 limit 1`,
    [Math.floor(volumes.runs / 2)],
  );
  const deepCursor = encodeURIComponent(`${deep.at}|${deep.id}`);
  const usageDeep = {
    day: await usageCursor('days=730&period=day', token),
    week: await usageCursor('days=730&period=week', token),
    month: await usageCursor('days=730&period=month', token),
  };
  const calls = [
    ['usage, days of 30', '/api/analytics/usage?days=30&period=day', token],
    // Weekly and monthly usage over the two years of rollups (docs/decisions/030).
    ['usage, weeks of 90 days', '/api/analytics/usage?days=90&period=week', token],
    ['usage, weeks of a year', '/api/analytics/usage?days=365&period=week', token],
    ['usage, months of two years', '/api/analytics/usage?days=730&period=month', token],
    // A page a hundred pages of 1,000 rows down, as the cursor reaches it.
    ...Object.entries(usageDeep).map(([period, cursor]) => [
      `usage, ${period}s of two years, page 101`,
      `/api/analytics/usage?days=730&period=${period}&limit=1000&cursor=${cursor}`,
      token,
    ]),
    ['top processes, 30 days', '/api/analytics/top-processes?days=30', token],
    ['top processes, a year', '/api/analytics/top-processes?days=365', token],
    ['analytics overview', '/api/analytics/overview', token],
    ['client analytics (busiest client)', '/api/client/analytics', heavy.token],
    ['my-processes after a run', '/api/n8n/my-processes', heavy.token, newRun],
    ['admin clients', '/api/admin/clients', token],
    ['admin clients?q=company 9999', '/api/admin/clients?q=company%209999', token],
    ['admin processes', '/api/admin/processes', token],
    ['audit log', '/api/admin/audit-logs?limit=500', token],
    ['audit log?q=event 12345 (rare)', '/api/admin/audit-logs?limit=500&q=event%2012345', token],
    ['audit log?q=signed (common)', '/api/admin/audit-logs?limit=500&q=signed', token],
    ['audit log?q=failed 502 (common)', '/api/admin/audit-logs?limit=500&q=failed%20502', token],
    // Common words never found together: a whole window of entries read for an empty page.
    [
      'audit log?q=signed failed (never)',
      '/api/admin/audit-logs?limit=500&q=signed%20failed',
      token,
    ],
    ['audit log sources', '/api/admin/audit-logs/sources', token],
    ['enquiries', '/api/admin/enquiries', token],
    ['enquiries?q=quote (every one)', '/api/admin/enquiries?q=quote', token],
    ['enquiries?q=project 12345 (one)', '/api/admin/enquiries?q=project%2012345', token],
    ['analytics.csv (busiest client)', '/api/client/analytics.csv', heavy.token],
    // The admin's list of every run (docs/decisions/029): newest first, a deep page, each
    // filter, and filters that match few or no runs, which must not walk the whole table.
    ['admin runs', '/api/admin/runs', token],
    ['admin runs, half way down', `/api/admin/runs?cursor=${deepCursor}`, token],
    ['admin runs?outcome=failed', '/api/admin/runs?outcome=failed', token],
    ['admin runs?clientId= (busiest)', `/api/admin/runs?clientId=${heavy.id}`, token],
    [
      'admin runs?processId=&outcome=failed',
      `/api/admin/runs?processId=${heavy.processId}&outcome=failed`,
      token,
    ],
    ['admin runs?q=<run id>', `/api/admin/runs?q=${deep.id}`, token],
    ['admin runs?trigger=api (none)', '/api/admin/runs?trigger=api', token],
    ['admin runs?state=interrupted (none)', '/api/admin/runs?state=interrupted', token],
    [
      'admin runs?from=&to= (one day)',
      `/api/admin/runs?from=${deep.at.slice(0, 10)}&to=${deep.at.slice(0, 10)}`,
      token,
    ],
  ];
  say(
    `  ${'call'.padEnd(44)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'bytes'.padStart(10)} ${'RSS'.padStart(7)}`,
  );
  for (const [name, path, who, before] of calls) {
    callRss = rssMb();
    const r = await timeCall(path, who, before);
    const ok = r.status === 200 && r.p95 <= budget.p95Ms && r.bytes <= budget.bytes;
    if (!ok) failed = true;
    say(
      `  ${name.padEnd(44)} ${`${r.p50.toFixed(1)} ms`.padStart(8)} ${`${r.p95.toFixed(1)} ms`.padStart(8)} ${fmt.format(r.bytes).padStart(10)} ${`${callRss.toFixed(0)} MB`.padStart(7)}  ${ok ? 'PASS' : `FAIL (${r.status})`}`,
    );
  }
  // The busiest client's whole history of runs, and its busiest process's, each as one
  // export (budget 40,000 rows/s).
  for (const [what, path, least] of [
    // Its runs span the 30 days a plan exports: on a kept database the oldest have slid
    // out of the window since it was seeded.
    ['the busiest client in full', '/api/client/runs.csv', volumes.heavyRuns * 0.9],
    ['its first process', `/api/client/runs.csv?processId=${heavy.processId}`, 1],
  ]) {
    callRss = rssMb();
    const exported = await timeExport(path, heavy.token);
    const rowsPerSecond = exported.rows / exported.seconds;
    const exportOk =
      exported.status === 200 &&
      exported.rows >= least &&
      rowsPerSecond >= budget.exportRowsPerSecond;
    if (!exportOk) failed = true;
    say(
      `  runs.csv, ${what}: ${fmt.format(exported.rows)} rows in ${exported.seconds.toFixed(1)} s, ${fmt.format(Math.round(rowsPerSecond))} rows/s, RSS ${callRss.toFixed(0)} MB  ${exportOk ? 'PASS' : `FAIL (${exported.status})`}`,
    );
  }
  // Ten admins opening the analytics at once.
  const t0 = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      fetch(`${base}/api/analytics/top-processes?days=30`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.status),
    ),
  );
  const concurrent = performance.now() - t0;
  const concurrentOk = answers.every((s) => s === 200) && concurrent <= budget.p95Ms * 10;
  if (!concurrentOk) failed = true;
  say(
    `  10 concurrent top-processes: all answered in ${concurrent.toFixed(0)} ms  ${concurrentOk ? 'PASS' : 'FAIL'}`,
  );
  const memoryOk = peakRss <= budget.rssMb;
  if (!memoryOk) failed = true;
  say(`  server memory (RSS) peak ${peakRss.toFixed(0)} MB  ${memoryOk ? 'PASS' : 'FAIL'}`);
  say(
    `  budgets: p95 <= ${budget.p95Ms} ms, answers <= 1 MB, exports >= ${fmt.format(budget.exportRowsPerSecond)} rows/s, memory <= ${budget.rssMb} MB: ${failed ? 'FAIL' : 'PASS'}`,
  );
  await db.end();
} finally {
  clearInterval(sampler);
  await server.stop();
  // BENCH_KEEP_DB=1 leaves the seeded database for EXPLAIN ANALYZE and the like.
  if (process.env.BENCH_KEEP_DB || reused) say(`  kept the database ${dbName}`);
  else await root.query(`drop database if exists ${dbName} with (force)`);
  await root.end();
  process.exitCode = failed ? 1 : 0;
}
