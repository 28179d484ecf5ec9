import { Link } from 'react-router';
import type { Account } from '#shared/account.ts';
import { paths } from '#shared/paths.ts';
import type { User } from '#shared/user.ts';
import { Badge } from '#web/components/badge.tsx';
import { ButtonLink } from '#web/components/button.tsx';
import { EmailDetails } from './email-change.tsx';
import { SettingsSection } from './settings-section.tsx';

// Who is signed in (SPEC §2 Settings: name, email, company, role) and the plan they work
// under. The e-mail address is changed here, proved by a link to the new one; name and
// company are changed by the provider on request, hence the contact link.

const teamRoleText = { owner: 'Owner', admin: 'Team admin', member: 'Team member' } as const;

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="text-sm break-words text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

const notSet = <span className="text-slate-500">Not set</span>;

export function AccountCard({ user, account }: { user: User; account: Account | null }) {
  // A team member works under the owner's plan (GET /api/account); until it answers,
  // the user's own record is the best guess.
  const plan = account?.plan ?? user.subscription.plan;
  const member = account && account.teamRole !== 'owner' ? account : null;
  return (
    <SettingsSection id="account" title="Account" description="The details we hold for you.">
      <dl className="-my-3 divide-y divide-slate-100">
        <Row term="Name">{user.name || notSet}</Row>
        <Row term="Email">
          <EmailDetails user={user} />
        </Row>
        <Row term="Company">
          {user.companyName || notSet}
          {user.companyCode ? (
            <span className="text-slate-600"> (company code {user.companyCode})</span>
          ) : null}
        </Row>
        <Row term="Role">{user.role}</Row>
        <Row term="Plan">
          <Badge tone={plan === 'Trial' ? 'slate' : 'blue'}>{plan}</Badge>
        </Row>
        {member ? (
          <Row term="Team">
            {teamRoleText[member.teamRole]} in {member.owner.name}&rsquo;s account
            {member.owner.companyName ? ` (${member.owner.companyName})` : ''}
          </Row>
        ) : null}
      </dl>
      <div className="mt-6 flex flex-col gap-4 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          Need to change your name or company?{' '}
          <Link to={paths.contact} className="font-medium text-brand-700 hover:underline">
            Contact us
          </Link>
          .
        </p>
        <ButtonLink to={paths.billing} variant="secondary" className="shrink-0">
          Manage billing
        </ButtonLink>
      </div>
    </SettingsSection>
  );
}
