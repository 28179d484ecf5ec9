import { z } from 'zod';

// Environment checks (SPEC §3): each key answers { ok, details } from a real check. Key
// names keep the spec's, e.g. `mongo` reports whichever database is in use (DESIGN §1).
// An optional integration left unset also says `configured: false`: not a failure.

export const checkKeys = [
  'mongo',
  'mongoUriPresent',
  'stripe',
  'stripeWebhook',
  'n8nApiUrl',
  'n8nApiKey',
  'n8nRailwayUrl',
  'emailUser',
  'emailPassword',
  'jwtSecret',
  'frontendUrl',
] as const;
export type CheckKey = (typeof checkKeys)[number];

export const CheckSchema = z.object({
  ok: z.boolean(),
  details: z.string(),
  /**
   * false for an optional integration left unset: nothing to try and nothing failing, so
   * `ok` is true. Absent for a check of something set up, or always there (the database).
   */
  configured: z.boolean().optional(),
});
export type Check = z.infer<typeof CheckSchema>;

/** What a check comes to: only something set up that does not answer fails. */
export type CheckState = 'pass' | 'fail' | 'notConfigured';

export function checkState(check: Check): CheckState {
  if (check.configured === false) return 'notConfigured';
  return check.ok ? 'pass' : 'fail';
}

/** The words for each state, shown beside its mark so it never rests on colour alone. */
export const checkStateText: Record<CheckState, string> = {
  pass: 'Pass',
  fail: 'Fail',
  notConfigured: 'Not configured',
};

/** GET /api/environment/checks: every key with its result. */
export const EnvironmentChecksSchema = z.object(
  Object.fromEntries(checkKeys.map((key) => [key, CheckSchema])) as Record<
    CheckKey,
    typeof CheckSchema
  >,
);
export type EnvironmentChecks = z.infer<typeof EnvironmentChecksSchema>;
