import { Link } from 'react-router';
import type { ClientTeam } from '#shared/clients.ts';
import { displayName } from '#shared/display-name.ts';
import { paths } from '#shared/paths.ts';

// Under a client's name: whose team a member works in (its plan, processes and billing
// are the owner's), or who is on an owner's team, each linked to their own account.

const linkClass = 'font-medium break-all text-brand-700 hover:underline';

export function TeamLine({ team }: { team: ClientTeam }) {
  const { owner, members } = team;
  if (owner) {
    return (
      <p className="mb-4 text-sm text-slate-700">
        {owner.teamRole === 'admin' ? 'Team admin' : 'Member'} in the team of{' '}
        <Link to={paths.adminClient(owner._id)} className={linkClass}>
          {displayName(owner)}
        </Link>
        : the plan, processes and billing are the owner’s.
      </p>
    );
  }
  if (members.length === 0) return null;
  return (
    <p className="mb-4 text-sm text-slate-700">
      Team: {members.length} {members.length === 1 ? 'member' : 'members'}:{' '}
      {members.map((member, index) => (
        <span key={member._id}>
          {index > 0 ? ', ' : null}
          <Link to={paths.adminClient(member._id)} className={linkClass}>
            {displayName(member)}
          </Link>
        </span>
      ))}
    </p>
  );
}
