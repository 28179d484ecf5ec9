import { queryOptions } from '@tanstack/react-query';
import { attentionApi } from '#shared/api/attention.ts';
import { environmentApi } from '#shared/api/environment.ts';
import { callApi } from '#web/lib/call-api.ts';

// Today's two reads: what needs attention (cheap, kept fresh while the screen is open) and
// the environment checks, asked apart because they call out and may take seconds.

export const attentionQuery = () =>
  queryOptions({
    queryKey: ['admin', 'attention'],
    queryFn: ({ signal }) => callApi(attentionApi.today, {}, { signal }),
    refetchInterval: 60_000,
  });

/**
 * The Environment screen's own key, so the two screens share one answer: opening either
 * after the other within a minute runs the checks once.
 */
export const environmentChecksQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['admin', 'environment', 'checks'],
    queryFn: () => callApi(environmentApi.checks),
    refetchOnWindowFocus: false,
    staleTime: 60_000,
    enabled,
  });
