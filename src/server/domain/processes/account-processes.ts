import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type ProcessRow, processes } from '#server/db/schema.ts';
import { type Account, accountCapabilities } from '#server/domain/accounts/account.ts';
import { forbidden, HttpError, notFound } from '#server/http/errors.ts';
import { billingMessages, isSubscriptionRunning } from '#shared/billing.ts';

// A client's view of processes: only its own account's, never another's (404).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const listAccountProcesses = (db: Db, account: Account) =>
  db
    .select()
    .from(processes)
    .where(eq(processes.clientUserId, account.owner.id))
    .orderBy(asc(processes.name));

export async function requireAccountProcess(
  db: Db,
  account: Account,
  id: string,
): Promise<ProcessRow> {
  const [row] = UUID.test(id)
    ? await db
        .select()
        .from(processes)
        .where(and(eq(processes.id, id), eq(processes.clientUserId, account.owner.id)))
    : [];
  if (!row) throw notFound('Process not found.');
  return row;
}

/** 403 without manual trigger, 402 without a running subscription (SPEC §4, DESIGN §4). */
export function assertMayTrigger(account: Account) {
  if (!accountCapabilities(account).manualTriggerAllowed) {
    throw forbidden('Running workflows by hand is not enabled for your plan.');
  }
  if (!isSubscriptionRunning(account.owner.subscriptionStatus)) {
    throw new HttpError(402, billingMessages.inactiveServer);
  }
}
