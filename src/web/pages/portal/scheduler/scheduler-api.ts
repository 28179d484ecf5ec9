import { queryOptions } from '@tanstack/react-query';
import type { CreateSchedule, ScheduleJson } from '#shared/scheduler.ts';
import { api } from '#web/lib/api.ts';

// The scheduler calls (SPEC §7 Client portal) and their cache key.

const base = '/api/scheduler';

export const scheduleKeys = { all: ['portal', 'schedules'] as const };

export const schedulesQuery = () =>
  queryOptions({
    queryKey: scheduleKeys.all,
    queryFn: async ({ signal }) => {
      const data = await api.get<unknown>(base, { signal });
      return Array.isArray(data) ? (data as ScheduleJson[]) : [];
    },
  });

export const scheduleCalls = {
  create: (body: CreateSchedule) => api.post<ScheduleJson>(base, body),
  remove: (id: string) => api.delete<{ message: string }>(`${base}/${encodeURIComponent(id)}`),
};
