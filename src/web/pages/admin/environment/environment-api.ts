import { queryOptions } from '@tanstack/react-query';
import type { BackgroundJobs } from '#shared/background-jobs.ts';
import type { EnvironmentChecks } from '#shared/environment.ts';
import { api } from '#web/lib/api.ts';

// GET /api/environment/checks (SPEC §7 Admin). The checks reach out to other services,
// so the answer is not refetched on focus; the screen has a Re-run checks button.

export const environmentKeys = {
  checks: ['admin', 'environment', 'checks'] as const,
  jobs: ['admin', 'environment', 'jobs'] as const,
};

export const checksQuery = () =>
  queryOptions({
    queryKey: environmentKeys.checks,
    queryFn: () => api.get<EnvironmentChecks>('/api/environment/checks'),
    refetchOnWindowFocus: false,
    staleTime: 60_000,
  });

// GET /api/environment/jobs: the background jobs of the instance that answers. Cheap (read
// from memory), so kept fresh while the screen is open.
export const jobsQuery = () =>
  queryOptions({
    queryKey: environmentKeys.jobs,
    queryFn: () => api.get<BackgroundJobs>('/api/environment/jobs'),
    refetchInterval: 15_000,
  });
