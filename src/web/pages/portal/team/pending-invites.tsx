import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDateTime } from '#shared/dates.ts';
import type { TeamInvite } from '#shared/team.ts';
import { Button } from '#web/components/button.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { toast } from '#web/lib/toast.ts';
import { useConfirmAction } from './confirm-action.tsx';
import { RoleBadge } from './role-badge.tsx';
import { invitesQuery, teamCalls, useTeamRefresh } from './team-api.ts';

// Invites not yet accepted, each with its expiry (SPEC §2 Team, §4 Invite) and a way to
// take it back. Only the owner and team admins see this list (the server agrees).

export function PendingInvites() {
  const invites = useQuery(invitesQuery());
  const refresh = useTeamRefresh();
  const { ask, modal } = useConfirmAction();

  const revoke = (invite: TeamInvite) =>
    ask({
      title: 'Revoke this invite?',
      body: (
        <p>
          The link sent to <strong className="break-all">{invite.inviteeEmail}</strong> will stop
          working. You can invite them again later.
        </p>
      ),
      confirmLabel: 'Revoke invite',
      run: async () => {
        await teamCalls.revoke(invite._id);
        toast({
          title: 'Invite revoked',
          text: `The invite for ${invite.inviteeEmail} no longer works.`,
          tone: 'success',
        });
        await refresh();
      },
    });

  return (
    <section aria-labelledby="pending-invites-heading">
      <h2 id="pending-invites-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Pending invites
      </h2>
      <QueryState
        query={invites}
        loading="Loading invites…"
        failed="Invites could not be loaded"
        isEmpty={(list) => list.length === 0}
        empty="No pending invites."
      >
        {(list) => (
          <ul
            className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
            aria-label="Pending invites"
          >
            {list.map((invite) => (
              <li
                key={invite._id}
                className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-all text-slate-900">
                      {invite.inviteeEmail}
                    </span>
                    <RoleBadge role={invite.role} />
                  </p>
                  <p className="mt-1 text-sm text-slate-600">
                    Expires{' '}
                    <time dateTime={invite.expiresAt} title={formatDateTime(invite.expiresAt)}>
                      {formatDate(invite.expiresAt)}
                    </time>
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="self-start sm:self-auto"
                  onClick={() => revoke(invite)}
                  aria-label={`Revoke the invite for ${invite.inviteeEmail}`}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {modal}
    </section>
  );
}
