import { queryOptions } from '@tanstack/react-query';
import type { BodyOf } from '#shared/api/route.ts';
import { schedulerApi } from '#shared/api/scheduler.ts';
import { callApi } from '#web/lib/call-api.ts';

// The scheduler calls (SPEC §7 Client portal, and PATCH for pause, resume and edit) and
// their cache key.

export const scheduleKeys = { all: ['portal', 'schedules'] as const };

export const schedulesQuery = () =>
  queryOptions({
    queryKey: scheduleKeys.all,
    queryFn: ({ signal }) => callApi(schedulerApi.list, {}, { signal }),
  });

export const scheduleCalls = {
  create: (body: BodyOf<typeof schedulerApi.create>) => callApi(schedulerApi.create, { body }),
  update: (id: string, body: BodyOf<typeof schedulerApi.update>) =>
    callApi(schedulerApi.update, { params: { id }, body }),
  remove: (id: string) => callApi(schedulerApi.remove, { params: { id } }),
};
