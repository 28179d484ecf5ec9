import { queryOptions } from '@tanstack/react-query';
import { environmentApi } from '#shared/api/environment.ts';
import { callApi } from '#web/lib/call-api.ts';

// GET /api/environment/checks (SPEC §7 Admin). The checks reach out to other services,
// so the answer is not refetched on focus; the screen has a Re-run checks button.

export const environmentKeys = {
  checks: ['admin', 'environment', 'checks'] as const,
  jobs: ['admin', 'environment', 'jobs'] as const,
};

export const checksQuery = () =>
  queryOptions({
    queryKey: environmentKeys.checks,
    queryFn: () => callApi(environmentApi.checks),
    refetchOnWindowFocus: false,
    staleTime: 60_000,
  });

// GET /api/environment/jobs: the background jobs of the instance that answers. Cheap (read
// from memory), so kept fresh while the screen is open.
export const jobsQuery = () =>
  queryOptions({
    queryKey: environmentKeys.jobs,
    queryFn: () => callApi(environmentApi.jobs),
    refetchInterval: 15_000,
  });
