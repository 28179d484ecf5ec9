import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import {
  accountCapabilities,
  canManageAccount,
  resolveAccount,
} from '#server/domain/accounts/account.ts';
import { accountApi } from '#shared/api/account.ts';
import { timeZoneMessages } from '#shared/time-zone.ts';
import { saveTimeZone } from './time-zone.ts';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  serve(app, accountApi.read, async (request) => {
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
  });

  serve(app, accountApi.saveTimeZone, async (request) => {
    const timeZone = await saveTimeZone(db, currentUser(request).id, request.body.timeZone);
    const message = timeZone ? timeZoneMessages.saved : timeZoneMessages.followsBrowser;
    return { message, timeZone };
  });
};
