import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminProcess,
  CreateProcess,
  ProcessTestResult,
  SavedProcess,
  UpdateProcess,
} from '#shared/processes.ts';
import { api } from '#web/lib/api.ts';

// The admin process calls (SPEC §7 Admin) and their cache key.

const base = '/api/admin/processes';
const enc = encodeURIComponent;

export const processKeys = { all: ['admin', 'processes'] as const };

/** Processes per page of the admin list (the server's default page, issue 18). */
export const PROCESS_PAGE_SIZE = 200;

export const processesQuery = (params: { clientUserId?: string; offset?: number } = {}) =>
  queryOptions({
    queryKey: [...processKeys.all, params] as const,
    queryFn: () => {
      const search = new URLSearchParams({
        limit: String(PROCESS_PAGE_SIZE),
        offset: String(params.offset ?? 0),
      });
      if (params.clientUserId) search.set('clientUserId', params.clientUserId);
      return api.page<AdminProcess>(`${base}?${search}`);
    },
    placeholderData: keepPreviousData,
  });

export const processCalls = {
  create: (body: CreateProcess) => api.post<SavedProcess>(base, body),
  update: (id: string, body: UpdateProcess) => api.patch<SavedProcess>(`${base}/${enc(id)}`, body),
  test: (id: string) => api.post<ProcessTestResult>(`${base}/${enc(id)}/test`, {}),
};
