import {
  AlertIncidentsPageSchema,
  AlertIncidentsQuerySchema,
  AlertSettingsInputSchema,
  AlertSettingsSchema,
  AlertTestResultSchema,
  RotatedSecretSchema,
  SavedAlertSettingsSchema,
} from '../alerts.ts';
import { ErrorSchema } from '../answers.ts';
import { defineRoute } from './route.ts';

// The consultancy's alerts, for admins: where they go and which rules are on, a test
// alert, a new signing secret for the webhook, and the incidents, open first.

const tags = ['admin: alerts'];

export const alertsApi = {
  read: defineRoute({
    method: 'GET',
    path: '/api/admin/alerts',
    audience: 'admin',
    tags,
    summary: 'Where alerts go and which rules are on (the defaults until first saved)',
    responses: { 200: AlertSettingsSchema },
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/admin/alerts',
    audience: 'admin',
    tags,
    summary: 'Save where alerts go and the rules; the webhook signing secret is given once',
    body: AlertSettingsInputSchema,
    responses: { 200: SavedAlertSettingsSchema, 400: ErrorSchema },
  }),
  rotateSecret: defineRoute({
    method: 'POST',
    path: '/api/admin/alerts/secret',
    audience: 'admin',
    tags,
    summary: 'Make a new signing secret for the alert webhook, given once',
    responses: { 200: RotatedSecretSchema, 400: ErrorSchema },
  }),
  test: defineRoute({
    method: 'POST',
    path: '/api/admin/alerts/test',
    audience: 'admin',
    tags,
    summary: 'Send a test alert to every address and the webhook',
    responses: { 200: AlertTestResultSchema, 400: ErrorSchema },
  }),
  incidents: defineRoute({
    method: 'GET',
    path: '/api/admin/alerts/incidents',
    audience: 'admin',
    tags,
    summary: 'Incidents newest first, the open ones or all, paged by a cursor',
    query: AlertIncidentsQuerySchema,
    responses: { 200: AlertIncidentsPageSchema, 400: ErrorSchema },
  }),
};
