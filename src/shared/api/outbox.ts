import { ErrorSchema, MessageSchema } from '../answers.ts';
import {
  FailedCountSchema,
  OutboxListQuerySchema,
  OutboxMailSchema,
  OutboxPageSchema,
  WebhookDeliveryPageSchema,
  WebhookDeliveryQuerySchema,
} from '../outbox.ts';
import { IdParamsSchema } from './params.ts';
import { defineRoute } from './route.ts';

// The admin Outbox: every queued, sent and failed mail, one in full, send again, delete,
// the failed count the admin navigation shows; and the run notices sent to people's
// webhooks, failed ones first, with send again for a failed one.

const tags = ['admin: outbox'];
const audience = 'admin';

export const outboxApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/outbox',
    audience,
    tags,
    summary: 'Messages newest first, a page at a time (before = nextCursor), with counts',
    query: OutboxListQuerySchema,
    responses: { 200: OutboxPageSchema, 403: ErrorSchema },
  }),
  failedCount: defineRoute({
    method: 'GET',
    path: '/api/admin/outbox/failed-count',
    audience,
    tags,
    responses: { 200: FailedCountSchema, 403: ErrorSchema },
  }),
  read: defineRoute({
    method: 'GET',
    path: '/api/admin/outbox/:id',
    audience,
    tags,
    summary: 'One message in full (its text may hold a one-time link: audited)',
    params: IdParamsSchema,
    responses: { 200: OutboxMailSchema, 403: ErrorSchema, 404: ErrorSchema },
  }),
  resend: defineRoute({
    method: 'POST',
    path: '/api/admin/outbox/:id/resend',
    audience,
    tags,
    params: IdParamsSchema,
    responses: { 200: MessageSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/admin/outbox/:id',
    audience,
    tags,
    params: IdParamsSchema,
    responses: { 200: MessageSchema, 403: ErrorSchema, 404: ErrorSchema },
  }),
  webhooks: defineRoute({
    method: 'GET',
    path: '/api/admin/outbox/webhooks',
    audience,
    tags,
    summary: 'Webhook notices, failed first, a page at a time (before = nextCursor)',
    query: WebhookDeliveryQuerySchema,
    responses: { 200: WebhookDeliveryPageSchema, 403: ErrorSchema },
  }),
  resendWebhook: defineRoute({
    method: 'POST',
    path: '/api/admin/outbox/webhooks/:id/resend',
    audience,
    tags,
    summary: 'Send a failed webhook notice again, with a new day of tries',
    params: IdParamsSchema,
    responses: { 200: MessageSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
  }),
};
