import { ErrorSchema } from '../answers.ts';
import {
  LegalDefaultsJsonSchema,
  LegalDefaultsSavedSchema,
  LegalDefaultsSchema,
} from '../legal-defaults.ts';
import { ChangePasswordSchema, PasswordChangedSchema, passwordMessages } from '../password.ts';
import { defineRoute } from './route.ts';

// The Settings page's own calls (SPEC §7): the account's organization defaults, and
// changing one's password. Saving the defaults needs the owner or a team admin, which the
// service decides.

const tags = ['portal: settings'];

export const settingsApi = {
  legalDefaults: defineRoute({
    method: 'GET',
    path: '/api/legal/defaults',
    audience: 'signed-in',
    tags,
    summary: "The account's organization defaults; absent fields are empty",
    responses: { 200: LegalDefaultsJsonSchema },
  }),
  saveLegalDefaults: defineRoute({
    method: 'PUT',
    path: '/api/legal/defaults',
    audience: 'signed-in',
    tags,
    summary: 'Replace the organization defaults (numeric zero or invalid becomes empty)',
    body: LegalDefaultsSchema,
    responses: { 200: LegalDefaultsSavedSchema, 400: ErrorSchema, 403: ErrorSchema },
  }),
  changePassword: defineRoute({
    method: 'PUT',
    path: '/api/settings/password',
    // The person's own password, never changed by an admin testing as them.
    audience: 'own-session',
    refusal: passwordMessages.impersonating,
    tags,
    summary: 'Change the password; other sessions end, the answer carries a new token',
    body: ChangePasswordSchema,
    responses: {
      200: PasswordChangedSchema,
      400: ErrorSchema,
      403: ErrorSchema,
      429: ErrorSchema,
    },
  }),
};
