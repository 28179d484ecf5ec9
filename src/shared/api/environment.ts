import { BackgroundJobsSchema } from '../background-jobs.ts';
import { EnvironmentChecksSchema } from '../environment.ts';
import { defineRoute } from './route.ts';

// The admin Environment screen (SPEC §3, §7 Admin): each configuration check answered
// from a real check, and the background jobs of the instance that answers.

const admin = { audience: 'admin', tags: ['admin: environment'] } as const;

export const environmentApi = {
  checks: defineRoute({
    method: 'GET',
    path: '/api/environment/checks',
    ...admin,
    responses: { 200: EnvironmentChecksSchema },
  }),
  jobs: defineRoute({
    method: 'GET',
    path: '/api/environment/jobs',
    ...admin,
    summary:
      "The background jobs of the instance that answers, with each one's last success and failure",
    responses: { 200: BackgroundJobsSchema },
  }),
};
