import type { UserRow } from '#server/db/schema.ts';
import { processes } from '#server/db/schema.ts';
import type { TestContext } from './test-app.ts';

// Factories for portal tests: a client on a given plan and status, with a process.

export interface ClientOptions {
  plan?: UserRow['subscriptionPlan'];
  status?: UserRow['subscriptionStatus'];
  entitlements?: UserRow['entitlements'];
}

export async function createClient(t: TestContext, options: ClientOptions = {}) {
  return t.createUser({
    subscriptionPlan: options.plan ?? 'Basic',
    subscriptionStatus: options.status ?? 'active',
    entitlements: options.entitlements ?? { manualTrigger: true },
  });
}

export async function createProcessFor(
  t: TestContext,
  clientUserId: string,
  values: Partial<typeof processes.$inferInsert> = {},
) {
  const [row] = await t.deps.database.db
    .insert(processes)
    .values({ name: 'Lead intake', clientUserId, ...values })
    .returning();
  if (!row) throw new Error('no process');
  return row;
}
