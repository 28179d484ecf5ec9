import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Account } from '#shared/account.ts';
import { paths } from '#shared/paths.ts';
import type { User } from '#shared/user.ts';
import { Button } from '#web/components/button.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { TabSet } from '#web/components/tab-set.tsx';
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
import { type SettingsTabId, settingsTabs, tabOf, tabSearch } from './settings/settings-tabs.ts';
import { TimeZoneCard } from './settings/time-zone-card.tsx';
import { TwoFactorCard } from './settings/two-factor-card.tsx';
import { YourDataCard } from './settings/your-data-card.tsx';

// Settings, labelled Profile (SPEC §2): account summary and time zone, change password,
// two-factor sign-in, passkeys, API tokens, notifications, organization defaults, your
// data (export, close) and log out. One tab each for what belongs together, so no part
// is a long scroll away; every panel stays mounted, so what was typed on one tab waits
// while another is read.

const title = 'Profile';
const description = 'Review your account, set organization defaults and keep your sign-in secure.';

export const meta = () => pageMeta(title, description);

function panels(user: User, account: Account | null): Record<SettingsTabId, ReactNode> {
  return {
    account: (
      <div className="grid gap-6 lg:grid-cols-2">
        <AccountCard user={user} account={account} />
        <TimeZoneCard user={user} />
      </div>
    ),
    security: (
      <div className="space-y-6">
        {/* The two ways of a second sign-in step side by side with the password, so the
            tab stays within about two screens. */}
        <div className="grid gap-6 lg:grid-cols-2">
          <PasswordCard user={user} />
          <div className="flex flex-col gap-6">
            <TwoFactorCard userId={user._id} />
            <PasskeysCard userId={user._id} />
          </div>
        </div>
        <ApiTokensCard userId={user._id} />
      </div>
    ),
    notifications: <NotificationsCard />,
    // Team members read the owner's defaults; only owners and team admins save.
    organization: <DefaultsSection userId={user._id} canManage={account?.canManage ?? true} />,
    data: <YourDataCard isOwner={(account?.teamRole ?? 'owner') === 'owner'} />,
  };
}

export default function SettingsPage() {
  const session = useSession();
  const { account } = useAccount();
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const selected = tabOf(search, hash);
  const loaded = Boolean(session);

  // A link to a section opened in a new page: its tab is now shown, so bring the
  // section into view (a link followed inside the app is scrolled by ScrollToTop).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, when it can be found
  useEffect(() => {
    if (loaded && hash)
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [loaded]);

  // From Settings, logging out goes to the login page (SPEC §4), not home.
  const logout = () => {
    signOut();
    navigate(paths.login);
  };

  // The layout's guard let us in with a token; the user record arrives with it, except
  // for a moment while an impersonation token is being verified.
  if (!session) return <PageHeader title={title} description={description} />;
  const content = panels(session.user, account);
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
      <TabSet
        label="Profile"
        tabs={settingsTabs.map((tab) => ({
          id: tab.id,
          label: tab.label,
          content: content[tab.id],
        }))}
        selected={selected}
        onSelect={(id) => {
          // Each tab chosen is a step back can return to; the same tab again is not.
          if (id !== selected || hash)
            navigate({ search: tabSearch(id as SettingsTabId) }, { preventScrollReset: true });
        }}
        keepMounted
      />
    </>
  );
}
