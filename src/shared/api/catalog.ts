import { z } from 'zod';
import { ErrorSchema, MessageSchema } from '../answers.ts';
import {
  ApproveRequestSchema,
  ApproveResultSchema,
  CatalogQueueQuerySchema,
  CatalogRequestSchema,
  CatalogTemplateSchema,
  DeclineRequestSchema,
  QueuedCatalogRequestSchema,
  RequestAccessResultSchema,
} from '../catalog.ts';
import { IdParamsSchema } from './params.ts';
import { defineRoute } from './route.ts';

// The workflow catalog (SPEC §2 Catalog, §7): clients with catalog access browse the
// templates and ask for one (the service checks the access); admins see one client's
// requests and the queue of all of them, and approve or decline each.

const portal = ['portal: catalog'];
const queue = ['admin: catalog requests'];

export const catalogApi = {
  templates: defineRoute({
    method: 'GET',
    path: '/api/catalog/templates',
    audience: 'signed-in',
    tags: portal,
    summary: 'Workflow templates, with this account’s request status for each',
    responses: { 200: z.array(CatalogTemplateSchema), 403: ErrorSchema },
  }),
  requestAccess: defineRoute({
    method: 'POST',
    path: '/api/catalog/request-access/:id',
    audience: 'signed-in',
    tags: portal,
    summary: 'Ask the provider for a template (201; 200 with the pending request if asked)',
    params: IdParamsSchema,
    responses: {
      200: RequestAccessResultSchema,
      201: RequestAccessResultSchema,
      403: ErrorSchema,
      404: ErrorSchema,
    },
  }),
  clientRequests: defineRoute({
    method: 'GET',
    path: '/api/admin/clients/:id/catalog-requests',
    audience: 'admin',
    tags: ['admin: clients'],
    summary: "A client's catalog access requests, newest first",
    params: IdParamsSchema,
    responses: { 200: z.array(CatalogRequestSchema), 403: ErrorSchema, 404: ErrorSchema },
  }),
  queue: defineRoute({
    method: 'GET',
    path: '/api/admin/catalog-requests',
    audience: 'admin',
    tags: queue,
    summary: 'The queue: open requests oldest first, answered ones newest first (100)',
    query: CatalogQueueQuerySchema,
    responses: { 200: z.array(QueuedCatalogRequestSchema), 403: ErrorSchema },
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/api/admin/catalog-requests/:id/approve',
    audience: 'admin',
    tags: queue,
    summary: "Approve; with createProcess, the client's process is made from the template",
    params: IdParamsSchema,
    body: ApproveRequestSchema,
    responses: {
      200: ApproveResultSchema,
      400: ErrorSchema,
      403: ErrorSchema,
      404: ErrorSchema,
      409: ErrorSchema,
    },
  }),
  decline: defineRoute({
    method: 'POST',
    path: '/api/admin/catalog-requests/:id/decline',
    audience: 'admin',
    tags: queue,
    summary: 'Decline with a reason the client reads',
    params: IdParamsSchema,
    body: DeclineRequestSchema,
    responses: {
      200: MessageSchema,
      400: ErrorSchema,
      403: ErrorSchema,
      404: ErrorSchema,
      409: ErrorSchema,
    },
  }),
};
