import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDate } from '#shared/dates.ts';
import { displayName } from '#shared/display-name.ts';
import { paths } from '#shared/paths.ts';
import type { TeamMember } from '#shared/team.ts';
import { Button } from '#web/components/button.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { refreshAccount } from '#web/lib/account.ts';
import { toast } from '#web/lib/toast.ts';
import { useConfirmAction } from './confirm-action.tsx';
import { RoleBadge } from './role-badge.tsx';
import { membersQuery, teamCalls, useTeamRefresh } from './team-api.ts';

// Everyone on the team, the owner first (SPEC §2 Team). The owner is never removable
// (SPEC §6); the owner and team admins remove others, and anyone else may leave.

export function MembersList({
  canManage,
  currentUserId,
}: {
  canManage: boolean;
  currentUserId: string | null;
}) {
  const members = useQuery(membersQuery());
  const refresh = useTeamRefresh();
  const navigate = useNavigate();
  const { ask, modal } = useConfirmAction();

  const remove = (member: TeamMember) => {
    const name = displayName(member.memberUserId);
    ask({
      title: `Remove ${name}?`,
      body: (
        <p>
          <strong>{name}</strong> will no longer see or run this account’s processes. You can invite
          them again later.
        </p>
      ),
      confirmLabel: 'Remove',
      run: async () => {
        await teamCalls.remove(member._id);
        toast({ title: 'Removed', text: `${name} was removed from the team.`, tone: 'success' });
        await refresh();
      },
    });
  };

  const leave = (member: TeamMember) =>
    ask({
      title: 'Leave this team?',
      body: (
        <p>
          You will no longer see or run this team’s processes. To join again you need a new
          invitation.
        </p>
      ),
      confirmLabel: 'Leave team',
      run: async () => {
        await teamCalls.remove(member._id);
        toast({ title: 'Removed', text: 'You left the team.', tone: 'success' });
        // The portal now follows the user's own account and plan.
        await refreshAccount();
        navigate(paths.client);
      },
    });

  const action = (member: TeamMember) => {
    if (member.role === 'owner') return null;
    const name = displayName(member.memberUserId);
    if (member.memberUserId._id === currentUserId) {
      return (
        <Button variant="secondary" size="sm" onClick={() => leave(member)}>
          Leave team
        </Button>
      );
    }
    if (!canManage) return null;
    return (
      <Button
        variant="secondary"
        size="sm"
        onClick={() => remove(member)}
        aria-label={`Remove ${name}`}
      >
        Remove
      </Button>
    );
  };

  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Members
      </h2>
      <QueryState query={members} loading="Loading members…" failed="Members could not be loaded">
        {(list) => (
          <ul
            className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
            aria-label="Team members"
          >
            {list.map((member) => (
              <li
                key={member._id}
                className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900">
                      {displayName(member.memberUserId)}
                    </span>
                    {member.memberUserId._id === currentUserId ? (
                      <span className="text-sm text-slate-600">(you)</span>
                    ) : null}
                    <RoleBadge role={member.role} />
                  </p>
                  <p className="mt-1 text-sm break-all text-slate-600">
                    {member.memberUserId.email}
                  </p>
                  {member.joinedAt ? (
                    <p className="mt-1 text-xs text-slate-600">
                      Joined <time dateTime={member.joinedAt}>{formatDate(member.joinedAt)}</time>
                    </p>
                  ) : null}
                </div>
                <div className="self-start sm:self-auto">{action(member)}</div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {modal}
    </section>
  );
}
