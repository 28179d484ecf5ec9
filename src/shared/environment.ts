import { z } from 'zod';

// Environment checks (SPEC §3): each key answers { ok, details } from a real check. Key
// names keep the spec's, e.g. `mongo` reports whichever database is in use (DESIGN §1).

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

export const CheckSchema = z.object({ ok: z.boolean(), details: z.string() });
export type Check = z.infer<typeof CheckSchema>;

/** GET /api/environment/checks: every key with its result. */
export const EnvironmentChecksSchema = z.object(
  Object.fromEntries(checkKeys.map((key) => [key, CheckSchema])) as Record<
    CheckKey,
    typeof CheckSchema
  >,
);
export type EnvironmentChecks = z.infer<typeof EnvironmentChecksSchema>;
