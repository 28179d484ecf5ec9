import { z } from 'zod';
import { ErrorSchema, MessageSchema } from '../answers.ts';
import { BillingProviderAnswerSchema } from '../billing-provider.ts';
import {
  AllowedIpsSchema,
  BillingOverviewSchema,
  CLIENT_PAGE,
  ClientListQuerySchema,
  ClientRowSchema,
  type ClientSort,
  ClientTeamSchema,
  IntegrationKeySchema,
  MockStatusSchema,
  ResetPasswordSchema,
  UpdateClientSchema,
  UpdateCompanySchema,
} from '../clients.ts';
import { PageCursorSchema, pageCursorMessage } from '../page-cursor.ts';
import { keysetPagingQuery, readKeyCursor } from '../paging.ts';
import { UserSchema } from '../user.ts';
import { IdParamsSchema } from './params.ts';
import { defineRoute } from './route.ts';

// Client accounts for admins (SPEC §7 Admin): the list, one account with its secrets, and
// each change, which answers with the account as it now is. The billing overview and the
// testing override of the subscription status read and write the same account.

const tags = ['admin: clients'];
const audience = 'admin';
const params = IdParamsSchema;
const changed = {
  200: UserSchema,
  400: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
};

/** Whether a cursor is one the list in this order could have given. */
export function cursorFitsOrder(sort: ClientSort, cursor: string): boolean {
  if (sort === 'newest' || sort === 'oldest') return PageCursorSchema.safeParse(cursor).success;
  return readKeyCursor(sort, cursor) !== null;
}

/**
 * GET /api/admin/clients: a page of accounts, searched, filtered by role and ordered,
 * starting `after` the last account of the page before (its X-Next-Cursor), in the list's
 * order: its exact time and id for newest and oldest, its name or company for the others
 * (docs/decisions/019-keyset-at-database-precision.md). A cursor of another order or list
 * answers 400. (Defined here until `ClientListQuerySchema` in clients.ts, still the offset
 * form, takes its place.)
 */
export const ClientPageQuerySchema = keysetPagingQuery(CLIENT_PAGE.default, CLIENT_PAGE.max)
  .extend({
    role: ClientListQuerySchema.shape.role,
    exclude: ClientListQuerySchema.shape.exclude,
    sort: ClientListQuerySchema.shape.sort,
    after: z.string().max(1000, pageCursorMessage).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.after !== undefined && !cursorFitsOrder(query.sort, query.after)) {
      ctx.addIssue({ code: 'custom', message: pageCursorMessage, path: ['after'] });
    }
  });

export const clientsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/clients',
    audience,
    tags,
    summary: 'Accounts, newest first, a page at a time',
    description:
      "The spec's array of accounts. X-Total-Count: how many match, counted up to 10,000 (X-Total-Capped: true when more do). X-Next-Cursor: pass it as `after` (with the same sort) for the next page; absent on the last page. A cursor this list did not give answers 400.",
    query: ClientPageQuerySchema,
    responses: { 200: z.array(ClientRowSchema), 400: ErrorSchema, 403: ErrorSchema },
  }),
  read: defineRoute({
    method: 'GET',
    path: '/api/admin/clients/:id',
    audience,
    tags,
    params,
    responses: changed,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/admin/clients/:id',
    audience,
    tags,
    summary: 'Account fields and role, plan, entitlements with billing presets, or CRM ids',
    params,
    body: UpdateClientSchema,
    responses: changed,
  }),
  company: defineRoute({
    method: 'PATCH',
    path: '/api/admin/clients/:id/company',
    audience,
    tags,
    params,
    body: UpdateCompanySchema,
    responses: changed,
  }),
  allowedIps: defineRoute({
    method: 'POST',
    path: '/api/admin/clients/:id/allowed-ips',
    audience,
    tags,
    params,
    body: AllowedIpsSchema,
    responses: changed,
  }),
  integrationKey: defineRoute({
    method: 'POST',
    path: '/api/admin/clients/:id/integration-keys',
    audience,
    tags,
    params,
    body: IntegrationKeySchema,
    responses: changed,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/admin/clients/:id/reset-password',
    audience,
    tags,
    summary: 'A new password the admin chose; every session of the client ends',
    params,
    body: ResetPasswordSchema,
    responses: { ...changed, 200: MessageSchema },
  }),
  team: defineRoute({
    method: 'GET',
    path: '/api/admin/clients/:id/team',
    audience,
    tags,
    summary: "The account's team: the owner a member works under, or an owner's members",
    params,
    responses: { 200: ClientTeamSchema, 403: ErrorSchema, 404: ErrorSchema },
  }),
  billingOverview: defineRoute({
    method: 'GET',
    path: '/api/admin/billing/:id/overview',
    audience,
    tags,
    params,
    responses: { 200: BillingOverviewSchema, 403: ErrorSchema, 404: ErrorSchema },
  }),
  billingProvider: defineRoute({
    method: 'GET',
    path: '/api/admin/billing-provider',
    audience,
    tags,
    summary: 'The billing provider this server is configured with (BILLING_PROVIDER)',
    responses: { 200: BillingProviderAnswerSchema, 403: ErrorSchema },
  }),
  mockStatus: defineRoute({
    method: 'POST',
    path: '/api/admin/billing/:id/mock-status',
    audience,
    tags,
    summary: 'Set the subscription status directly (local billing)',
    params,
    body: MockStatusSchema,
    responses: {
      200: BillingOverviewSchema,
      400: ErrorSchema,
      403: ErrorSchema,
      404: ErrorSchema,
    },
  }),
};
