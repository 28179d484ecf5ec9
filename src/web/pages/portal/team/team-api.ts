import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Invite, TeamInvite, TeamMember } from '#shared/team.ts';
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
  invite: (body: Invite) =>
    api.post<{ message: string; invite: TeamInvite }>('/api/team/invite', body),
  revoke: (id: string) => api.delete<{ message: string }>(`/api/team/invites/${enc(id)}`),
  remove: (id: string) => api.delete<{ message: string }>(`/api/team/members/${enc(id)}`),
};

/** Refetches the team lists after a change. */
export function useTeamRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
