import { useNavigate } from 'react-router';
import { paths } from '#shared/paths.ts';
import { Button } from '#web/components/button.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { useAccount } from '#web/lib/account.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { useSession } from '#web/lib/session.ts';
import { signOut } from '#web/lib/sign-out.ts';
import { AccountCard } from './settings/account-card.tsx';
import { ApiTokensCard } from './settings/api-tokens-card.tsx';
import { DefaultsSection } from './settings/defaults-form.tsx';
import { NotificationsCard } from './settings/notifications-card.tsx';
import { PasskeysCard } from './settings/passkeys-card.tsx';
import { PasswordCard } from './settings/password-card.tsx';
import { TwoFactorCard } from './settings/two-factor-card.tsx';
import { YourDataCard } from './settings/your-data-card.tsx';

// Settings, labelled Profile (SPEC §2): account summary, organization defaults, change
// password, two-factor sign-in, passkeys, API tokens, notifications, your data (export,
// close) and log out.

const title = 'Profile';
const description = 'Review your account, set organization defaults and keep your sign-in secure.';

export const meta = () => pageMeta(title, description);

export default function SettingsPage() {
  const session = useSession();
  const { account } = useAccount();
  const navigate = useNavigate();

  // From Settings, logging out goes to the login page (SPEC §4), not home.
  const logout = () => {
    signOut();
    navigate(paths.login);
  };

  // The layout's guard let us in with a token; the user record arrives with it, except
  // for a moment while an impersonation token is being verified.
  if (!session) return <PageHeader title={title} description={description} />;
  const { user } = session;
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <Button variant="secondary" onClick={logout}>
            Log out
          </Button>
        }
      />
      <div className="space-y-6">
        <div className="grid gap-6 lg:grid-cols-2">
          <AccountCard user={user} account={account} />
          <PasswordCard user={user} />
        </div>
        <TwoFactorCard userId={user._id} />
        <PasskeysCard userId={user._id} />
        <ApiTokensCard userId={user._id} />
        <NotificationsCard />
        {/* Team members read the owner's defaults; only owners and team admins save. */}
        <DefaultsSection userId={user._id} canManage={account?.canManage ?? true} />
        <YourDataCard isOwner={(account?.teamRole ?? 'owner') === 'owner'} />
      </div>
    </>
  );
}
