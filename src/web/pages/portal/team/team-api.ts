import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Message } from '#shared/answers.ts';
import type { Invite, InviteSent, TeamInvite, TeamMember } from '#shared/team.ts';
import { api } from '#web/lib/api.ts';

// The team calls (SPEC §7 Team) with their cache keys. Changes invalidate the lists they
// affect rather than patching them, so the screen always shows what the server holds.

const enc = encodeURIComponent;

export const teamKeys = {
  all: ['team'] as const,
  members: ['team', 'members'] as const,
  invites: ['team', 'invites'] as const,
};

export const membersQuery = () =>
  queryOptions({
    queryKey: teamKeys.members,
    queryFn: ({ signal }) => api.get<TeamMember[]>('/api/team/members', { signal }),
  });

export const invitesQuery = () =>
  queryOptions({
    queryKey: teamKeys.invites,
    queryFn: ({ signal }) => api.get<TeamInvite[]>('/api/team/invites', { signal }),
  });

export const teamCalls = {
  invite: (body: Invite) => api.post<InviteSent>('/api/team/invite', body),
  revoke: (id: string) => api.delete<Message>(`/api/team/invites/${enc(id)}`),
  remove: (id: string) => api.delete<Message>(`/api/team/members/${enc(id)}`),
};

/** Refetches the team lists after a change. */
export function useTeamRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
}
