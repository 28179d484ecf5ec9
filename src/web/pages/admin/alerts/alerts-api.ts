import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { IncidentFilter } from '#shared/alerts.ts';
import { alertsApi } from '#shared/api/alerts.ts';
import { callApi } from '#web/lib/call-api.ts';

// Admin › Alerts: the settings, and the incidents a page at a time after a cursor.

export const alertsKeys = {
  settings: ['admin', 'alerts', 'settings'] as const,
  incidents: ['admin', 'alerts', 'incidents'] as const,
  page: (state: IncidentFilter, cursor: string | null) =>
    ['admin', 'alerts', 'incidents', state, cursor ?? ''] as const,
};

export const alertSettingsQuery = () =>
  queryOptions({
    queryKey: alertsKeys.settings,
    queryFn: ({ signal }) => callApi(alertsApi.read, {}, { signal }),
  });

export const incidentsPageQuery = (state: IncidentFilter, cursor: string | null) =>
  queryOptions({
    queryKey: alertsKeys.page(state, cursor),
    queryFn: ({ signal }) =>
      callApi(alertsApi.incidents, { query: { state, cursor: cursor ?? undefined } }, { signal }),
    // The page on screen stays until the next one arrives, so paging does not flash.
    placeholderData: keepPreviousData,
    // Incidents open and clear on the server's own time.
    refetchInterval: 30_000,
  });
