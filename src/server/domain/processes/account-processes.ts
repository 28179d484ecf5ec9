import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type ProcessRow, processes } from '#server/db/schema.ts';
import type { Account } from '#server/domain/accounts/account.ts';
import { DomainError } from '#server/domain/errors.ts';
import { runRefused } from '#server/domain/runs/refusal.ts';
import { mayRun, type RunTarget } from '#shared/run-policy.ts';

// A client's view of processes: only its own account's; another's is not found.

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
  if (!row) throw new DomainError('not-found', 'Process not found.');
  return row;
}

/**
 * Where a run by hand (or by the client's software with an API token) of the account's
 * process goes, as mayRun answers; its refusal is
 * thrown (runs/refusal.ts): without manual trigger, without a running subscription
 * (SPEC §4, DESIGN §4), or a process paused without a fallback or not connected.
 */
export function manualRunTarget(
  account: Account,
  process: ProcessRow,
  trigger: 'manual' | 'api' = 'manual',
): RunTarget {
  const decision = mayRun(account.owner, process, { trigger });
  if (!decision.allowed) throw runRefused(decision);
  return decision.target;
}
