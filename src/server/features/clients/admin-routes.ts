import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAdmin } from '#server/auth/guards.ts';
import { userToJson } from '#server/domain/users/to-json.ts';
import { pagingQuery, sendTotal } from '#server/http/paging.ts';
import { IdParamsSchema } from '#server/http/schemas.ts';
import { ErrorSchema, MessageSchema } from '#shared/answers.ts';
import {
  AllowedIpsSchema,
  type BillingOverview,
  BillingOverviewSchema,
  CLIENT_PAGE,
  ClientRowSchema,
  clientSorts,
  IntegrationKeySchema,
  MockStatusSchema,
  ResetPasswordSchema,
  UpdateClientSchema,
  UpdateCompanySchema,
} from '#shared/clients.ts';
import { RoleSchema, UserSchema } from '#shared/user.ts';
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

// Admin: client accounts (SPEC §7 Admin). Admin-only, enforced here.

const ClientListQuerySchema = pagingQuery(CLIENT_PAGE.default, CLIENT_PAGE.max).extend({
  role: RoleSchema.optional(),
  /** Leave one role out: the screen lists clients and trials, not the admins (issue 19). */
  exclude: RoleSchema.optional(),
  sort: z.enum(clientSorts).default('newest'),
});

export const adminClientRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.addHook('onRequest', requireAdmin);
  const common = { tags: ['admin: clients'], security: [{ bearer: [] }] };
  const actor = (request: FastifyRequest) => ({
    db,
    adminId: currentUser(request).id,
    ip: request.ip,
  });
  const withSecrets = { withSecrets: true };
  const one = { 200: UserSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

  app.get(
    '/clients',
    {
      schema: {
        ...common,
        summary: 'Accounts, newest first, a page at a time (X-Total-Count: how many match)',
        querystring: ClientListQuerySchema,
        response: { 200: z.array(ClientRowSchema) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listClients(db, request.query);
      sendTotal(reply, total);
      // One row that does not read as a user (a status written by hand, say) is logged and
      // left out: it must not fail the list for every admin (issue 18).
      return rows.flatMap(({ user: row, lastActiveAt }) => {
        const user = ClientRowSchema.safeParse({
          ...userToJson(row, withSecrets),
          lastActiveAt: lastActiveAt?.toISOString() ?? null,
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
    },
  );

  app.get(
    '/clients/:id',
    { schema: { ...common, params: IdParamsSchema, response: one } },
    async (request) => userToJson(await requireClient(db, request.params.id), withSecrets),
  );

  app.patch(
    '/clients/:id',
    {
      schema: {
        ...common,
        summary: 'Account fields and role, plan, entitlements with billing presets, or CRM ids',
        params: IdParamsSchema,
        body: UpdateClientSchema,
        response: one,
      },
    },
    async (request) =>
      userToJson(await updateClient(actor(request), request.params.id, request.body), withSecrets),
  );

  app.patch(
    '/clients/:id/company',
    { schema: { ...common, params: IdParamsSchema, body: UpdateCompanySchema, response: one } },
    async (request) =>
      userToJson(await updateCompany(actor(request), request.params.id, request.body), withSecrets),
  );

  app.post(
    '/clients/:id/allowed-ips',
    { schema: { ...common, params: IdParamsSchema, body: AllowedIpsSchema, response: one } },
    async (request) =>
      userToJson(
        await setAllowedIps(actor(request), request.params.id, request.body.ips),
        withSecrets,
      ),
  );

  app.post(
    '/clients/:id/integration-keys',
    { schema: { ...common, params: IdParamsSchema, body: IntegrationKeySchema, response: one } },
    async (request) =>
      userToJson(
        await setIntegrationKey(actor(request), request.params.id, request.body.n8nWebhookKey),
        withSecrets,
      ),
  );

  app.post(
    '/clients/:id/reset-password',
    {
      schema: {
        ...common,
        params: IdParamsSchema,
        body: ResetPasswordSchema,
        response: { 200: MessageSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      await resetPassword(actor(request), request.params.id, request.body.newPassword);
      return { message: 'Password reset. The client has been signed out everywhere.' };
    },
  );

  const overviewOf = (row: Awaited<ReturnType<typeof requireClient>>): BillingOverview => ({
    subscription: userToJson(row).subscription,
  });

  app.get(
    '/billing/:id/overview',
    {
      schema: {
        ...common,
        params: IdParamsSchema,
        response: { 200: BillingOverviewSchema, 404: ErrorSchema },
      },
    },
    async (request) => overviewOf(await requireClient(db, request.params.id)),
  );

  app.post(
    '/billing/:id/mock-status',
    {
      schema: {
        ...common,
        summary: 'Set the subscription status directly (local billing)',
        params: IdParamsSchema,
        body: MockStatusSchema,
        response: { 200: BillingOverviewSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) =>
      overviewOf(await setMockStatus(actor(request), request.params.id, request.body.status)),
  );
};
