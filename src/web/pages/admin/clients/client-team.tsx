import { Link } from 'react-router';
import { billingStateOf, noPlanText, planShown } from '#shared/billing-states.ts';
import type { ClientRow, ClientTeamMember } from '#shared/clients.ts';
import { displayName } from '#shared/display-name.ts';
import { paths } from '#shared/paths.ts';
import { Badge } from '#web/components/badge.tsx';
import { BillingStateBadge } from '#web/components/billing-state-badge.tsx';

// What the client list says of an account's billing, its team and its address: one
// billing word from the vocabulary, the members under their owner (they work and are
// billed in the owner's account), and who has not yet verified an e-mail address.

export const billingStateOfRow = (client: ClientRow) =>
  billingStateOf({ role: client.role, subscriptionStatus: client.subscription.status });

/** The plan beside the state: none is named while no plan is paid for. */
export function planText(client: ClientRow): string {
  const state = billingStateOfRow(client);
  if (state === 'not_billed') return '—';
  return planShown(state, client.subscription.plan) ?? noPlanText;
}

export function BillingChip({ client }: { client: ClientRow }) {
  return <BillingStateBadge state={billingStateOfRow(client)} />;
}

/** Shown until the account proves its address by the link mailed to it. */
export function UnverifiedChip({ verified }: { verified: boolean }) {
  return verified ? null : <Badge tone="amber">E-mail not verified</Badge>;
}

const teamRoleText: Record<ClientTeamMember['teamRole'], string> = {
  admin: 'team admin',
  member: 'member',
};

/** The owner's team under its row, each member linked to their own account. */
export function TeamUnder({ client }: { client: ClientRow }) {
  if (client.team.length === 0) return null;
  const owner = displayName(client);
  return (
    <div className="mt-2 border-l-2 border-slate-200 pl-3">
      <p className="text-xs font-medium text-slate-600">
        Team of {owner}: {client.team.length} {client.team.length === 1 ? 'member' : 'members'}
      </p>
      <ul aria-label={`Team of ${owner}`} className="mt-1 space-y-1">
        {client.team.map((member) => (
          <li key={member._id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <Link
              to={paths.adminClient(member._id)}
              className="min-w-0 font-medium break-all text-brand-700 hover:underline"
            >
              {displayName(member)}
            </Link>
            <span className="text-slate-600">{teamRoleText[member.teamRole]}</span>
            <UnverifiedChip verified={member.emailVerified} />
          </li>
        ))}
      </ul>
    </div>
  );
}
