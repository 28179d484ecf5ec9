import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, min, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  type AlertIncidentRow,
  outbox,
  processes,
  processHealth,
  runRollups,
  runs,
  schedules,
  users,
} from '#server/db/schema.ts';
import type { N8nApi } from '#server/integrations/n8n/api.ts';
import {
  type AlertKind,
  MAIL_STUCK_AFTER_MINUTES,
  SCHEDULE_MISSED_AFTER_MINUTES,
  SUCCESS_RATE_MIN_RUNS,
} from '#shared/alerts.ts';
import { formatDateTime } from '#shared/dates.ts';
import type { StoredAlertSettings } from './settings.ts';

// The rules an evaluation checks. Each reads only what its index bounds (failing
// processes through process_health's partial index, two days of rollups, overdue schedules
// through schedules_next_run_idx, waiting mail through the outbox's status index) and
// answers what is wrong now (findings, each the subject of at most one open incident) and
// which open incidents still hold: a process's incident holds until it succeeds again
// (failures in a row back to 0), the others while their finding does.

const MINUTE = 60_000;
const DAY = 86_400_000;
/** At most this many subjects of one rule in one pass: an outage is told, not flooded. */
const MOST = 100;

export interface Finding {
  kind: AlertKind;
  subjectKey: string;
  clientUserId: string | null;
  processId: string | null;
  title: string;
  cause: string;
  /** What the opening alert says besides the title and cause. */
  facts: string[];
}

export interface RuleOutcome {
  kind: AlertKind;
  findings: Finding[];
  /** Subject keys of open incidents that have not recovered (findings' keys included). */
  holding: Set<string>;
  /** Why the other open incidents of this kind are cleared. */
  recovered: string;
}

export interface RuleContext {
  db: Db;
  settings: StoredAlertSettings;
  /** Open incidents of the rule's kind. */
  open: AlertIncidentRow[];
  now: Date;
  /** n8n's API when N8N_API_URL and N8N_API_KEY are set. */
  n8nApi: Pick<N8nApi, 'health'> | null;
  smtpConfigured: boolean;
  /** Waits between n8n's two health checks (tests shorten it). */
  recheckMs: number;
}

const utc = (at: Date | string) => `${formatDateTime(at, 'UTC')} UTC`;
const clientName = (u: { name: string; companyName: string | null; email: string }) =>
  u.companyName?.trim() || u.name.trim() || u.email;
const client = {
  name: users.name,
  companyName: users.companyName,
  email: users.email,
};
const off = (kind: AlertKind, why = 'The rule was turned off.'): RuleOutcome => ({
  kind,
  findings: [],
  holding: new Set(),
  recovered: why,
});
const keysOf = (findings: Finding[]) => new Set(findings.map((f) => f.subjectKey));

/**
 * What the workflow answered on each failed run given, for failures that kept no error
 * text (an HTTP error answer): its status and the start of its body, in its own words.
 */
async function lastAnswers(db: Db, runIds: string[]): Promise<Map<string, string>> {
  if (runIds.length === 0) return new Map();
  const rows = await db
    .select({ id: runs.id, status: runs.statusCode, body: runs.bodySnippet })
    .from(runs)
    .where(inArray(runs.id, runIds));
  return new Map(
    rows.map((row) => {
      const body = row.body?.replace(/\s+/g, ' ').trim().slice(0, 300);
      const status = row.status ? `The workflow answered ${row.status}` : 'The workflow failed';
      return [row.id, body ? `${status}: ${body}` : `${status}.`];
    }),
  );
}

async function processFailing(ctx: RuleContext): Promise<RuleOutcome> {
  const kind = 'process_failing';
  const threshold = ctx.settings.failuresInARow;
  if (threshold <= 0) return off(kind);
  const rows = await ctx.db
    .select({ health: processHealth, process: processes.name, client })
    .from(processHealth)
    .innerJoin(processes, eq(processes.id, processHealth.processId))
    .innerJoin(users, eq(users.id, processHealth.clientUserId))
    // `> 0` as the partial index says, so it is used.
    .where(and(gt(processHealth.failuresInARow, 0), gte(processHealth.failuresInARow, threshold)))
    .orderBy(desc(processHealth.failuresInARow), asc(processHealth.processId))
    .limit(MOST);
  const answers = await lastAnswers(
    ctx.db,
    rows.flatMap(({ health }) => (health.lastError ? [] : (health.lastFailedRunId ?? []))),
  );
  const findings = rows.map(({ health, process, client }): Finding => {
    const name = clientName(client);
    const cause =
      health.lastError?.trim() ||
      (health.lastFailedRunId && answers.get(health.lastFailedRunId)) ||
      'The run failed without an error message.';
    return {
      kind,
      subjectKey: health.processId,
      clientUserId: health.clientUserId,
      processId: health.processId,
      title: `${process} (${name}) failed ${health.failuresInARow} times in a row`,
      cause,
      facts: [
        `Client: ${name}`,
        `Process: ${process}`,
        `Failing since: ${health.failingSince ? utc(health.failingSince) : 'unknown'}`,
        `Failures in a row: ${health.failuresInARow} (the alert rule is ${threshold})`,
        `Last error: ${cause}`,
      ],
    };
  });
  // Open incidents hold while their process has not succeeded again.
  const others = ctx.open.map((i) => i.subjectKey).filter((key) => !keysOf(findings).has(key));
  const still =
    others.length === 0
      ? []
      : await ctx.db
          .select({ id: processHealth.processId })
          .from(processHealth)
          .where(
            and(inArray(processHealth.processId, others), gt(processHealth.failuresInARow, 0)),
          );
  return {
    kind,
    findings,
    holding: new Set([...keysOf(findings), ...still.map((row) => row.id)]),
    recovered: 'The process ran successfully again.',
  };
}

async function clientSuccessRate(ctx: RuleContext): Promise<RuleOutcome> {
  const kind = 'client_success_rate';
  const threshold = ctx.settings.successRateBelow;
  if (threshold <= 0) return off(kind);
  // Rollups count whole UTC days: the last 24 hours are today's runs and the part of
  // yesterday's that the window still covers, counted in proportion.
  const today = new Date(
    Date.UTC(ctx.now.getUTCFullYear(), ctx.now.getUTCMonth(), ctx.now.getUTCDate()),
  );
  const yesterday = new Date(today.getTime() - DAY);
  const share = 1 - (ctx.now.getTime() - today.getTime()) / DAY;
  const rows = await ctx.db
    .select({
      clientUserId: runRollups.clientUserId,
      day: runRollups.day,
      runs: sql<number>`sum(${runRollups.runs})::int`,
      failures: sql<number>`sum(${runRollups.failures})::int`,
    })
    .from(runRollups)
    .where(gte(runRollups.day, yesterday.toISOString().slice(0, 10)))
    .groupBy(runRollups.clientUserId, runRollups.day);
  const totals = new Map<string, { runs: number; failures: number }>();
  const todayKey = today.toISOString().slice(0, 10);
  for (const row of rows) {
    const weight = String(row.day) === todayKey ? 1 : share;
    const total = totals.get(row.clientUserId) ?? { runs: 0, failures: 0 };
    total.runs += row.runs * weight;
    total.failures += row.failures * weight;
    totals.set(row.clientUserId, total);
  }
  const low = [...totals]
    .map(([id, t]) => ({ id, runs: Math.round(t.runs), failures: Math.round(t.failures) }))
    .filter((t) => t.runs >= SUCCESS_RATE_MIN_RUNS)
    .map((t) => ({ ...t, rate: Math.floor(((t.runs - t.failures) / t.runs) * 100) }))
    .filter((t) => t.rate < threshold)
    .sort((a, b) => a.rate - b.rate)
    .slice(0, MOST);
  const names =
    low.length === 0
      ? []
      : await ctx.db
          .select({ id: users.id, ...client })
          .from(users)
          .where(
            inArray(
              users.id,
              low.map((t) => t.id),
            ),
          );
  const nameOf = new Map(names.map((u) => [u.id, clientName(u)]));
  const findings = low.map((t): Finding => {
    const name = nameOf.get(t.id) ?? 'A client';
    return {
      kind,
      subjectKey: t.id,
      clientUserId: t.id,
      processId: null,
      title: `${name}: ${t.rate}% of runs succeeded in the last 24 hours`,
      cause: `${t.failures} of ${t.runs} runs failed in the last 24 hours (the alert rule is under ${threshold}%).`,
      facts: [
        `Client: ${name}`,
        `Success rate: ${t.rate}% (${t.runs - t.failures} of ${t.runs} runs)`,
        `Alert rule: under ${threshold}%, with at least ${SUCCESS_RATE_MIN_RUNS} runs`,
      ],
    };
  });
  return {
    kind,
    findings,
    holding: keysOf(findings),
    recovered: `The success rate is ${threshold}% or more again, or too few runs are left to judge it.`,
  };
}

async function scheduleMissed(ctx: RuleContext): Promise<RuleOutcome> {
  const kind = 'schedule_missed';
  if (!ctx.settings.scheduleMissed) return off(kind);
  const late = new Date(ctx.now.getTime() - SCHEDULE_MISSED_AFTER_MINUTES * MINUTE);
  const rows = await ctx.db
    .select({ schedule: schedules, process: processes.name, client })
    .from(schedules)
    .innerJoin(processes, eq(processes.id, schedules.processId))
    .innerJoin(users, eq(users.id, schedules.clientUserId))
    .where(and(lt(schedules.nextRunAt, late), isNull(schedules.pausedAt)))
    .orderBy(asc(schedules.nextRunAt))
    .limit(MOST);
  const findings = rows.map(({ schedule, process, client }): Finding => {
    const name = clientName(client);
    const due = schedule.nextRunAt ?? ctx.now;
    const minutes = Math.round((ctx.now.getTime() - due.getTime()) / MINUTE);
    return {
      kind,
      subjectKey: schedule.id,
      clientUserId: schedule.clientUserId,
      processId: schedule.processId,
      title: `The schedule of ${process} (${name}) did not fire`,
      cause: `Due at ${utc(due)} and not started ${minutes} minutes later.`,
      facts: [
        `Client: ${name}`,
        `Process: ${process}`,
        `Schedule: ${schedule.cron}${schedule.timezone ? ` (${schedule.timezone})` : ' (UTC)'}`,
        `Due at: ${utc(due)}`,
      ],
    };
  });
  return {
    kind,
    findings,
    holding: keysOf(findings),
    recovered: 'The schedule fired, or was paused or removed.',
  };
}

async function n8nUnreachable(ctx: RuleContext): Promise<RuleOutcome> {
  const kind = 'n8n_unreachable';
  if (!ctx.settings.n8nUnreachable) return off(kind);
  if (!ctx.n8nApi) return off(kind, "n8n's API is no longer configured (N8N_API_URL).");
  let check = await ctx.n8nApi.health();
  // Asked again before an alert: one lost answer is not an outage.
  if (!check.ok) {
    await new Promise((resolve) => setTimeout(resolve, ctx.recheckMs));
    check = await ctx.n8nApi.health();
  }
  const findings: Finding[] = check.ok
    ? []
    : [
        {
          kind,
          subjectKey: 'n8n',
          clientUserId: null,
          processId: null,
          title: "n8n's API cannot be reached",
          cause: check.details,
          facts: ['Runs may fail to start, and runs under way are not followed up.'],
        },
      ];
  return { kind, findings, holding: keysOf(findings), recovered: "n8n's API answers again." };
}

async function mailFailing(ctx: RuleContext): Promise<RuleOutcome> {
  const kind = 'mail_failing';
  if (!ctx.settings.mailFailing) return off(kind);
  // Without SMTP every mail stays in the outbox by design: nothing is failing.
  if (!ctx.smtpConfigured) return off(kind, 'SMTP is no longer configured (SMTP_URL).');
  const stuckBefore = new Date(ctx.now.getTime() - MAIL_STUCK_AFTER_MINUTES * MINUTE);
  const hourAgo = new Date(ctx.now.getTime() - 60 * MINUTE);
  const [stuck] = await ctx.db
    .select({ count: count(), since: min(outbox.createdAt) })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lt(outbox.createdAt, stuckBefore)));
  const [failed] = await ctx.db
    .select({ count: count() })
    .from(outbox)
    .where(and(eq(outbox.status, 'failed'), gt(outbox.createdAt, hourAgo)));
  const waiting = stuck?.count ?? 0;
  const givenUp = failed?.count ?? 0;
  if (waiting === 0 && givenUp === 0) {
    return { kind, findings: [], holding: new Set(), recovered: 'Mail is delivered again.' };
  }
  const [last] = await ctx.db
    .select({ error: outbox.lastError })
    .from(outbox)
    .where(
      and(
        inArray(outbox.status, ['pending', 'failed']),
        gt(outbox.createdAt, new Date(ctx.now.getTime() - DAY)),
        sql`${outbox.lastError} is not null`,
      ),
    )
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const facts = [
    ...(waiting > 0
      ? [
          `Waiting longer than ${MAIL_STUCK_AFTER_MINUTES} minutes: ${waiting} (the oldest since ${stuck?.since ? utc(stuck.since) : 'unknown'})`,
        ]
      : []),
    ...(givenUp > 0 ? [`Given up in the last hour: ${givenUp}`] : []),
  ];
  return {
    kind,
    findings: [
      {
        kind,
        subjectKey: 'mail',
        clientUserId: null,
        processId: null,
        title: 'Mail is not being delivered',
        cause: last?.error ?? `${waiting} messages are waiting in the outbox without an answer.`,
        facts,
      },
    ],
    holding: new Set(['mail']),
    recovered: 'Mail is delivered again.',
  };
}

/** Every rule, in the order the evaluation runs them. */
export const rules: { kind: AlertKind; check: (ctx: RuleContext) => Promise<RuleOutcome> }[] = [
  { kind: 'process_failing', check: processFailing },
  { kind: 'client_success_rate', check: clientSuccessRate },
  { kind: 'schedule_missed', check: scheduleMissed },
  { kind: 'n8n_unreachable', check: n8nUnreachable },
  { kind: 'mail_failing', check: mailFailing },
];
