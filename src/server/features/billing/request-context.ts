import type { FastifyRequest } from 'fastify';
import { actorIdOf, currentUser } from '#server/auth/guards.ts';
import type { UserRow } from '#server/db/schema.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { forbidden } from '#server/http/errors.ts';
import { billingApiMessages } from '#shared/billing-api.ts';
import type { Acting } from './provider.ts';

// Request helpers shared by the billing routes. Call them after requireUser has run.

/** Who acts, for the audit log: the signed-in user, or the admin behind impersonation. */
export const actingOf = (request: FastifyRequest): Acting => ({
  actorId: actorIdOf(request),
  ip: request.ip,
  impersonatorId: request.claims?.imp ?? null,
});

/** Billing belongs to the account owner; team members are refused (DESIGN §1 Teams). */
export async function requireBillingOwner(request: FastifyRequest): Promise<UserRow> {
  const account = await resolveAccount(request.server.deps.database.db, currentUser(request));
  if (account.teamRole !== 'owner') throw forbidden(billingApiMessages.ownerOnly);
  return account.owner;
}
