import { LivenessSchema, NotReadySchema, ReadinessSchema } from '../health.ts';
import { defineRoute } from './route.ts';

// Liveness and readiness for load balancers and operators (README, Operations). They sit
// outside /api, where probes expect them, and need no sign-in.

const probe = { audience: 'public', tags: ['health'] } as const;

export const healthApi = {
  live: defineRoute({
    method: 'GET',
    path: '/healthz',
    ...probe,
    responses: { 200: LivenessSchema },
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/readyz',
    ...probe,
    responses: { 200: ReadinessSchema, 503: NotReadySchema },
  }),
};
