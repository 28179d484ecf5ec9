import { queryOptions } from '@tanstack/react-query';
import type { Message } from '#shared/answers.ts';
import type { CreateSchedule, Schedule, UpdateScheduleInput } from '#shared/scheduler.ts';
import { api } from '#web/lib/api.ts';

// The scheduler calls (SPEC §7 Client portal, and PATCH for pause, resume and edit:
// issue 19) and their cache key.

const base = '/api/scheduler';

export const scheduleKeys = { all: ['portal', 'schedules'] as const };

export const schedulesQuery = () =>
  queryOptions({
    queryKey: scheduleKeys.all,
    queryFn: async ({ signal }) => {
      const data = await api.get<unknown>(base, { signal });
      return Array.isArray(data) ? (data as Schedule[]) : [];
    },
  });

export const scheduleCalls = {
  create: (body: CreateSchedule) => api.post<Schedule>(base, body),
  update: (id: string, body: UpdateScheduleInput) =>
    api.patch<Schedule>(`${base}/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.delete<Message>(`${base}/${encodeURIComponent(id)}`),
};
