import { ErrorSchema, MessageSchema } from '../answers.ts';
import {
  NotificationSettingsInputSchema,
  NotificationSettingsSchema,
  SavedNotificationSettingsSchema,
} from '../notifications.ts';
import { defineRoute } from './route.ts';

// What the signed-in person wants to hear about, for accounts whose plan includes
// notifications (403 otherwise), and a test call to their webhook.

const tags = ['portal: notifications'];

export const notificationsApi = {
  read: defineRoute({
    method: 'GET',
    path: '/api/settings/notifications',
    audience: 'signed-in',
    tags,
    responses: { 200: NotificationSettingsSchema, 403: ErrorSchema },
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/settings/notifications',
    audience: 'signed-in',
    tags,
    body: NotificationSettingsInputSchema,
    responses: { 200: SavedNotificationSettingsSchema, 400: ErrorSchema, 403: ErrorSchema },
  }),
  test: defineRoute({
    method: 'POST',
    path: '/api/settings/notifications/test',
    audience: 'signed-in',
    tags,
    summary: 'Send a signed test notice to the saved webhook URL',
    responses: { 200: MessageSchema, 400: ErrorSchema, 403: ErrorSchema, 502: ErrorSchema },
  }),
};
