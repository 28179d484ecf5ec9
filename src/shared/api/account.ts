import { AccountSchema } from '../account.ts';
import { ErrorSchema } from '../answers.ts';
import { SaveTimeZoneSchema, TimeZoneSavedSchema } from '../time-zone.ts';
import { defineRoute } from './route.ts';

// The account the caller works in (a team member works in the owner's), so the portal's
// navigation and gates match what the server enforces.

export const accountApi = {
  read: defineRoute({
    method: 'GET',
    path: '/api/account',
    audience: 'signed-in',
    tags: ['portal: account'],
    summary: 'The account the caller works in: team role, plan and capabilities',
    responses: { 200: AccountSchema, 401: ErrorSchema },
  }),
  saveTimeZone: defineRoute({
    method: 'PUT',
    path: '/api/account/time-zone',
    // The person's own choice, not one for an admin testing as them to make.
    audience: 'own-session',
    tags: ['portal: account'],
    summary: "The time zone the caller reads times in; null follows the browser's",
    body: SaveTimeZoneSchema,
    responses: { 200: TimeZoneSavedSchema, 400: ErrorSchema, 401: ErrorSchema },
  }),
};
