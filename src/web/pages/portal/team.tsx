import { teamMessages } from '#shared/team.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { UpgradeNotice } from '#web/components/upgrade-notice.tsx';
import { useAccount } from '#web/lib/account.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { useSession } from '#web/lib/session.ts';
import { InviteForm } from './team/invite-form.tsx';
import { MembersList } from './team/members-list.tsx';
import { PendingInvites } from './team/pending-invites.tsx';

const title = 'Team';
const description =
  'Invite teammates, track pending invites and manage who can use your workflows.';

const memberDescription = 'The people who share this account’s workflows.';

export const meta = () => pageMeta(title, description);

function TeamScreen() {
  const { account, capabilities, isPending } = useAccount();
  const session = useSession();
  // A member's own plan says nothing about the team's: wait for the account they work in.
  if (isPending) return <Spinner label="Loading your team…" />;
  if (!capabilities.hasTeamSeats) return <UpgradeNotice message={teamMessages.notEnabled} />;
  const canManage = account?.canManage ?? false;
  return (
    <div className="space-y-8">
      {canManage ? <InviteForm /> : null}
      {canManage ? <PendingInvites /> : null}
      <MembersList canManage={canManage} currentUserId={session?.user._id ?? null} />
    </div>
  );
}

export default function TeamPage() {
  const { account } = useAccount();
  // Members cannot invite or remove anyone, so the page is only a list for them.
  const shown = account && !account.canManage ? memberDescription : description;
  return (
    <>
      <PageHeader title={title} description={shown} />
      <TeamScreen />
    </>
  );
}
