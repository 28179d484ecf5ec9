import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { processes, type ScheduleRow, schedules } from '#server/db/schema.ts';
import {
  type Account,
  accountCapabilities,
  canManageAccount,
} from '#server/domain/accounts/account.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { badRequest, forbidden, HttpError, notFound } from '#server/http/errors.ts';
import { billingMessages, isSubscriptionRunning } from '#shared/billing.ts';
import {
  type CreateSchedule,
  intervalMessage,
  nextRunAfter,
  type Schedule,
  schedulerMessages,
  shortestGapMinutes,
  storedGapMinutes,
} from '#shared/scheduler.ts';
import { teamMessages } from '#shared/team.ts';

// Schedules of one account. Creation checks the plan (403), the subscription (402), the
// process's owner (404) and the plan's minimum interval (400).

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
  createdAt: row.createdAt.toISOString(),
  lastSkip:
    row.lastSkippedAt && row.lastSkipReason
      ? { at: row.lastSkippedAt.toISOString(), reason: row.lastSkipReason }
      : null,
});

export async function createSchedule(
  db: Db,
  account: Account,
  input: CreateSchedule,
  /** Who acts, for the audit log (the admin behind a test session). */
  actorId: string,
  now = new Date(),
) {
  const caps = accountCapabilities(account);
  if (!caps.canSchedule) throw forbidden(schedulerMessages.notEnabled);
  assertMayManageSchedules(account);
  if (!isSubscriptionRunning(account.owner.subscriptionStatus)) {
    throw new HttpError(402, billingMessages.inactiveServer);
  }
  const [process] = UUID.test(input.processId)
    ? await db
        .select()
        .from(processes)
        .where(and(eq(processes.id, input.processId), eq(processes.clientUserId, account.owner.id)))
    : [];
  if (!process) throw notFound('Process not found.');
  const gap = shortestGapMinutes(input.cron, input.timezone);
  if (gap < caps.scheduleMinIntervalMinutes) {
    const message = intervalMessage(caps.scheduleMinIntervalMinutes);
    throw badRequest(message, { cron: message });
  }
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
