import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import type { UserRow } from '#server/db/schema.ts';
import { userToJson } from '#server/domain/users/to-json.ts';
import { sendKeysetPage } from '#server/http/paging.ts';
import { clientsApi as api } from '#shared/api/clients.ts';
import { type BillingOverview, ClientRowSchema } from '#shared/clients.ts';
import { teamOfAccount } from './client-teams.ts';
import {
  listClients,
  requireClient,
  resetPassword,
  setAllowedIps,
  setIntegrationKey,
  setMockStatus,
  updateClient,
  updateCompany,
} from './service.ts';

// Admin: client accounts (SPEC §7 Admin). Admins see and change every account, secrets
// included; each change answers with the account as it now is. The list pages after the
// last account shown (`after`, the cursor in X-Next-Cursor).

const withSecrets = { withSecrets: true };
const userJson = (row: UserRow) => userToJson(row, withSecrets);
const overviewOf = (row: UserRow): BillingOverview => ({
  subscription: userToJson(row).subscription,
});

export const adminClientRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const actor = (request: FastifyRequest) => ({
    db,
    adminId: currentUser(request).id,
    ip: request.ip,
  });

  serve(app, api.list, async (request, reply) => {
    const { offset: _firstPageOnly, ...query } = request.query;
    const { rows, ...facts } = await listClients(db, query);
    sendKeysetPage(reply, facts);
    // One row that does not read as a user (a status written by hand, say) is logged and
    // left out: it must not fail the list for every admin.
    return rows.flatMap(({ user: row, lastActiveAt, team }) => {
      const user = ClientRowSchema.safeParse({
        ...userJson(row),
        lastActiveAt: lastActiveAt?.toISOString() ?? null,
        team,
      });
      if (user.success) return [user.data];
      request.log.error(
        {
          userId: row.id,
          issues: user.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
        },
        'client row left out of the list: it does not validate',
      );
      return [];
    });
  });

  serve(app, api.read, async (request) => userJson(await requireClient(db, request.params.id)));

  serve(app, api.update, async (request) =>
    userJson(await updateClient(actor(request), request.params.id, request.body)),
  );

  serve(app, api.company, async (request) =>
    userJson(await updateCompany(actor(request), request.params.id, request.body)),
  );

  serve(app, api.allowedIps, async (request) =>
    userJson(await setAllowedIps(actor(request), request.params.id, request.body.ips)),
  );

  serve(app, api.integrationKey, async (request) =>
    userJson(
      await setIntegrationKey(actor(request), request.params.id, request.body.n8nWebhookKey),
    ),
  );

  serve(app, api.resetPassword, async (request) => {
    await resetPassword(actor(request), request.params.id, request.body.newPassword);
    return { message: 'Password reset. The client has been signed out everywhere.' };
  });

  serve(app, api.team, async (request) => {
    const client = await requireClient(db, request.params.id);
    return teamOfAccount(db, client.id);
  });

  serve(app, api.billingOverview, async (request) =>
    overviewOf(await requireClient(db, request.params.id)),
  );

  serve(app, api.billingProvider, async () => ({ provider: app.deps.config.billingProvider }));

  serve(app, api.mockStatus, async (request) =>
    overviewOf(await setMockStatus(actor(request), request.params.id, request.body.status)),
  );
};
