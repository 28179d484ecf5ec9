import { z } from 'zod';

// Liveness and readiness answers, for load balancers and operators (README, Operations).

export const LivenessSchema = z.object({ status: z.literal('ok') });

/** `database` names the kind in use: pglite or postgres. */
export const ReadinessSchema = z.object({ status: z.literal('ready'), database: z.string() });

/**
 * Not ready: the database did not answer, or it lacks migrations this build needs (named
 * by their tags, e.g. 0006_test_sessions_read_only).
 */
export const NotReadySchema = z.discriminatedUnion('reason', [
  z.object({
    status: z.literal('unavailable'),
    database: z.string(),
    reason: z.literal('database'),
  }),
  z.object({
    status: z.literal('unavailable'),
    database: z.string(),
    reason: z.literal('migrations'),
    missingMigrations: z.array(z.string()),
  }),
]);
export type NotReady = z.infer<typeof NotReadySchema>;
