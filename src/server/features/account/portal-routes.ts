import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '#server/auth/guards.ts';
import {
  accountCapabilities,
  canManageAccount,
  resolveAccount,
} from '#server/domain/accounts/account.ts';
import { type Account, AccountSchema } from '#shared/account.ts';
import { ErrorSchema } from '#shared/answers.ts';

// GET /api/account: which account the caller works in and what it may do, so the
// portal's navigation and gates match what the server enforces.

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  app.get(
    '/account',
    {
      onRequest: requireUser,
      schema: {
        tags: ['portal: account'],
        security: [{ bearer: [] }],
        summary: 'The account the caller works in: team role, plan and capabilities',
        response: { 200: AccountSchema, 401: ErrorSchema },
      },
    },
    async (request): Promise<Account> => {
      const account = await resolveAccount(db, currentUser(request), app.readCache);
      return {
        teamRole: account.teamRole,
        canManage: canManageAccount(account),
        canManageBilling: account.teamRole === 'owner',
        owner: { name: account.owner.name, companyName: account.owner.companyName },
        plan: account.owner.subscriptionPlan,
        subscriptionStatus: account.owner.subscriptionStatus,
        capabilities: accountCapabilities(account),
        helpdeskUrl: app.deps.config.helpdeskUrl ?? null,
      };
    },
  );
};
