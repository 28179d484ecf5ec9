import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { processes, type ScheduleRow, schedules } from '#server/db/schema.ts';
import { type Account, canManageAccount } from '#server/domain/accounts/account.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { runRefused } from '#server/domain/runs/refusal.ts';
import { badRequest, forbidden, notFound } from '#server/http/errors.ts';
import { mayRun } from '#shared/run-policy.ts';
import {
  type CreateSchedule,
  cronProblem,
  nextRunAfter,
  type Schedule,
  shortestGapMinutes,
  storedGapMinutes,
  type UpdateSchedule,
} from '#shared/scheduler.ts';
import { teamMessages } from '#shared/team.ts';

// Schedules of one account. Creating, editing and resuming ask mayRun (the plan, the team
// role, the subscription, the plan's minimum interval) and check the process's owner and
// the cron; pausing only stops the next run.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listSchedules(db: Db, account: Account): Promise<Schedule[]> {
  const rows = await db
    .select({ schedule: schedules, processName: processes.name })
    .from(schedules)
    .innerJoin(processes, eq(processes.id, schedules.processId))
    .where(eq(schedules.clientUserId, account.owner.id))
    .orderBy(desc(schedules.createdAt));
  return rows.map(({ schedule, processName }) => toJson(schedule, processName));
}

const toJson = (row: ScheduleRow, processName: string): Schedule => ({
  _id: row.id,
  processId: row.processId,
  processName,
  cron: row.cron,
  timezone: row.timezone,
  nextRunAt: row.nextRunAt?.toISOString() ?? null,
  paused: row.pausedAt !== null,
  createdAt: row.createdAt.toISOString(),
  lastSkip:
    row.lastSkippedAt && row.lastSkipReason
      ? { at: row.lastSkippedAt.toISOString(), reason: row.lastSkipReason }
      : null,
});

/**
 * What creating, editing or resuming a schedule checks, in this order: the plan (403), the
 * team role (403), the subscription (402), the process's owner (404), the cron (400) and
 * the plan's minimum interval (400). mayRun decides all but the owner and the cron; it
 * learns the cron's gap only once both are known good, so their answers keep their place.
 * Returns the process and the cron's shortest gap.
 */
async function checkSchedulable(
  db: Db,
  account: Account,
  input: { processId: string; cron: string; timezone: string | null },
) {
  const [process] = UUID.test(input.processId)
    ? await db
        .select()
        .from(processes)
        .where(and(eq(processes.id, input.processId), eq(processes.clientUserId, account.owner.id)))
    : [];
  const problem = cronProblem(input.cron, input.timezone);
  const gap = process && !problem ? shortestGapMinutes(input.cron, input.timezone) : null;
  const decision = mayRun(account.owner, process ?? null, {
    trigger: 'new-schedule',
    managesAccount: canManageAccount(account),
    gapMinutes: gap,
  });
  if (!decision.allowed) throw runRefused(decision);
  if (!process) throw notFound('Process not found.');
  if (problem) throw badRequest(problem, { cron: problem });
  // Both known good from here, so the gap was worked out.
  return { process, gap: gap! };
}

export async function createSchedule(
  db: Db,
  account: Account,
  input: CreateSchedule,
  /** Who acts, for the audit log (the admin behind a test session). */
  actorId: string,
  now = new Date(),
) {
  const { process, gap } = await checkSchedulable(db, account, input);
  const [row] = await db
    .insert(schedules)
    .values({
      processId: process.id,
      clientUserId: account.owner.id,
      cron: input.cron,
      timezone: input.timezone,
      nextRunAt: nextRunAfter(input.cron, input.timezone, now),
      shortestGapMinutes: storedGapMinutes(gap),
      createdBy: account.actor.id,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await audit(db, {
    source: 'scheduler',
    message: `Schedule "${row.cron}" (${row.timezone ?? 'UTC'}) created for "${process.name}"`,
    userId: account.owner.id,
    actorId,
    processId: process.id,
  });
  return toJson(row, process.name);
}

/**
 * Pauses (no next run), resumes (the next run from now, checked as a new schedule would
 * be) or edits a schedule. An edited paused schedule stays paused.
 */
export async function updateSchedule(
  db: Db,
  account: Account,
  id: string,
  change: UpdateSchedule,
  actorId: string,
  now = new Date(),
) {
  assertMayManageSchedules(account);
  const [current] = UUID.test(id)
    ? await db
        .select()
        .from(schedules)
        .where(and(eq(schedules.id, id), eq(schedules.clientUserId, account.owner.id)))
    : [];
  if (!current) throw notFound('Schedule not found.');
  const wanted = {
    processId: change.processId ?? current.processId,
    cron: change.cron ?? current.cron,
    timezone: change.timezone === undefined ? current.timezone : change.timezone,
  };
  const paused = change.paused ?? current.pausedAt !== null;
  const pausing = paused && current.pausedAt === null;
  const edited =
    wanted.processId !== current.processId ||
    wanted.cron !== current.cron ||
    wanted.timezone !== current.timezone;
  // Pausing alone is always allowed, even on a plan that no longer schedules.
  const checked = paused && !edited ? null : await checkSchedulable(db, account, wanted);
  const [row] = await db
    .update(schedules)
    .set({
      ...wanted,
      pausedAt: paused ? (current.pausedAt ?? now) : null,
      nextRunAt: paused ? null : nextRunAfter(wanted.cron, wanted.timezone, now),
      ...(checked && { shortestGapMinutes: storedGapMinutes(checked.gap) }),
      ...(edited || !paused ? { lastSkippedAt: null, lastSkipReason: null } : {}),
    })
    .where(eq(schedules.id, current.id))
    .returning();
  if (!row) throw notFound('Schedule not found.');
  const processName =
    checked?.process.name ??
    (await db.select().from(processes).where(eq(processes.id, row.processId)))[0]?.name ??
    '';
  const what = pausing
    ? 'paused'
    : current.pausedAt !== null && !paused
      ? 'resumed'
      : `changed to "${row.cron}" (${row.timezone ?? 'UTC'})`;
  await audit(db, {
    source: 'scheduler',
    message: `Schedule for "${processName}" ${what}`,
    userId: account.owner.id,
    actorId,
    processId: row.processId,
    details: edited ? { before: { cron: current.cron, timezone: current.timezone } } : undefined,
  });
  return toJson(row, processName);
}

/** Team members see schedules; the owner and team admins change them (DESIGN §1 Teams). */
function assertMayManageSchedules(account: Account) {
  if (!canManageAccount(account)) throw forbidden(teamMessages.schedulesNeedAdmin);
}

export async function deleteSchedule(db: Db, account: Account, id: string, actorId: string) {
  assertMayManageSchedules(account);
  const [row] = UUID.test(id)
    ? await db
        .delete(schedules)
        .where(and(eq(schedules.id, id), eq(schedules.clientUserId, account.owner.id)))
        .returning()
    : [];
  if (!row) throw notFound('Schedule not found.');
  await audit(db, {
    source: 'scheduler',
    message: `Schedule "${row.cron}" deleted`,
    userId: account.owner.id,
    actorId,
    processId: row.processId,
  });
}
