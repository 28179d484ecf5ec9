import { z } from 'zod';
import { ErrorSchema, MessageSchema } from '../answers.ts';
import {
  AllowedIpsSchema,
  BillingOverviewSchema,
  ClientListQuerySchema,
  ClientRowSchema,
  IntegrationKeySchema,
  MockStatusSchema,
  ResetPasswordSchema,
  UpdateClientSchema,
  UpdateCompanySchema,
} from '../clients.ts';
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

export const clientsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/clients',
    audience,
    tags,
    summary: 'Accounts, newest first, a page at a time (X-Total-Count: how many match)',
    query: ClientListQuerySchema,
    responses: { 200: z.array(ClientRowSchema), 403: ErrorSchema },
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
  billingOverview: defineRoute({
    method: 'GET',
    path: '/api/admin/billing/:id/overview',
    audience,
    tags,
    params,
    responses: { 200: BillingOverviewSchema, 403: ErrorSchema, 404: ErrorSchema },
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
