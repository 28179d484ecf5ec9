import { queryOptions } from '@tanstack/react-query';
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

export const processesQuery = () =>
  queryOptions({ queryKey: processKeys.all, queryFn: () => api.get<AdminProcess[]>(base) });

export const processCalls = {
  create: (body: CreateProcess) => api.post<SavedProcess>(base, body),
  update: (id: string, body: UpdateProcess) => api.patch<SavedProcess>(`${base}/${enc(id)}`, body),
  test: (id: string) => api.post<ProcessTestResult>(`${base}/${enc(id)}/test`, {}),
};
