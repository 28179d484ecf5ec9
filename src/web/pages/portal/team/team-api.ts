import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '#shared/api/route.ts';
import { teamApi } from '#shared/api/team.ts';
import { callApi } from '#web/lib/call-api.ts';

// The team calls (SPEC §7 Team) with their cache keys. Changes invalidate the lists they
// affect rather than patching them, so the screen always shows what the server holds.

export const teamKeys = {
  all: ['team'] as const,
  members: ['team', 'members'] as const,
  invites: ['team', 'invites'] as const,
};

export const membersQuery = () =>
  queryOptions({
    queryKey: teamKeys.members,
    queryFn: ({ signal }) => callApi(teamApi.members, {}, { signal }),
  });

export const invitesQuery = () =>
  queryOptions({
    queryKey: teamKeys.invites,
    queryFn: ({ signal }) => callApi(teamApi.invites, {}, { signal }),
  });

export const teamCalls = {
  invite: (body: BodyOf<typeof teamApi.invite>) => callApi(teamApi.invite, { body }),
  revoke: (id: string) => callApi(teamApi.revokeInvite, { params: { id } }),
  remove: (id: string) => callApi(teamApi.removeMember, { params: { id } }),
};

/** Refetches the team lists after a change. */
export function useTeamRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
}
