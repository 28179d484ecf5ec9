import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { legalDefaults } from '#server/db/schema.ts';
import { type Account, canManageAccount } from '#server/domain/accounts/account.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { forbidden } from '#server/http/errors.ts';
import {
  compactDefaults,
  type LegalDefaults,
  LegalDefaultsSchema,
  legalDefaultsMessages,
} from '#shared/legal-defaults.ts';

// Organization defaults (SPEC §3 Legal defaults): one object per account, kept with the
// account owner. Everyone in the team reads them; the owner and team admins change them.

export async function getDefaults(db: Db, account: Account): Promise<LegalDefaults> {
  const [row] = await db
    .select({ values: legalDefaults.values })
    .from(legalDefaults)
    .where(eq(legalDefaults.userId, account.owner.id));
  if (!row) return {};
  // Stored values passed this schema when saved; parsing again drops any key it no
  // longer knows, so an old row cannot break the answer.
  const parsed = LegalDefaultsSchema.safeParse(row.values);
  return parsed.success ? compactDefaults(parsed.data) : {};
}

export async function saveDefaults(
  db: Db,
  account: Account,
  values: LegalDefaults,
  acting: { actorId: string; ip: string },
): Promise<LegalDefaults> {
  if (!canManageAccount(account)) throw forbidden(legalDefaultsMessages.ownerOrAdmin);
  const compact = compactDefaults(values);
  const now = new Date();
  await db
    .insert(legalDefaults)
    .values({ userId: account.owner.id, values: compact, updatedAt: now })
    .onConflictDoUpdate({ target: legalDefaults.userId, set: { values: compact, updatedAt: now } });
  await audit(db, {
    source: 'settings',
    message: 'Organization defaults saved',
    userId: account.owner.id,
    actorId: acting.actorId,
    ip: acting.ip,
    details: { fields: Object.keys(compact) },
  });
  return compact;
}
