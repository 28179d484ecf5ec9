import { z } from 'zod';

// Liveness and readiness answers, for load balancers and operators (README, Operations).

export const LivenessSchema = z.object({ status: z.literal('ok') });

/** `database` names the kind in use: pglite or postgres. */
export const ReadinessSchema = z.object({ status: z.literal('ready'), database: z.string() });
export const NotReadySchema = z.object({ status: z.literal('unavailable'), database: z.string() });
