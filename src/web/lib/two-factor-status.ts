import { queryOptions } from '@tanstack/react-query';
import { twoFactorApi } from '#shared/api/two-factor.ts';
import { callApi } from './call-api.ts';

// Whether the signed-in user has two-factor sign-in on, and must: read by the admin
// layout's notice and by Profile, under one key, so turning it on there clears the notice.
// The key carries the user's id, so the next person in the tab never sees the last one's.

export const twoFactorStatusKey = (userId: string) => ['settings', 'two-factor', userId] as const;

export const twoFactorStatusQuery = (userId: string) =>
  queryOptions({
    queryKey: twoFactorStatusKey(userId),
    queryFn: ({ signal }) => callApi(twoFactorApi.status, {}, { signal }),
    enabled: userId !== '',
  });
