import { z } from 'zod';

// "Test as client" (SPEC §4 Impersonation): what the server answers while an admin uses
// the portal as a client, and when that test session is over.

export const impersonationMessages = {
  /** Money and membership actions belong to the client (checkout, paying, team changes). */
  notAvailable: 'Not available while testing as a client.',
  ended: 'This test session has ended. Start it again from the admin area.',
  endedNotice: 'Impersonation ended.',
  notImpersonating: 'This session is not an impersonation.',
} as const;

/** POST /api/admin/impersonate/{id}: a portal token for the client, lasting at most an hour. */
export const ImpersonationTokenSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type ImpersonationToken = z.infer<typeof ImpersonationTokenSchema>;
