import { useId } from 'react';
import { NavLink } from 'react-router';
import { displayName } from '#shared/display-name.ts';
import { paths } from '#shared/paths.ts';
import { Button, ButtonLink } from '#web/components/button.tsx';
import type { Session } from '#web/lib/session.ts';
import { leadingItems, type NavItem, servicesItems, trailingItems } from './nav-items.ts';
import { useLogout } from './use-logout.ts';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2.5 text-base font-medium ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100'}`;

/**
 * The menu behind the mobile toggle. Every link closes it (SPEC §2). Its items are the
 * desktop bar's, with the same names: Services groups its two pages as the dropdown does.
 */
export function MobileMenu({
  id,
  session,
  onClose,
}: {
  id: string;
  session: Session | null;
  onClose: () => void;
}) {
  const logout = useLogout();
  const servicesId = useId();
  const user = session?.user;
  const accountItems: NavItem[] = user
    ? [
        { to: paths.client, label: 'Client Portal' },
        { to: paths.team, label: 'Team' },
        { to: paths.catalog, label: 'Catalog' },
        ...(user.role === 'Admin' ? [{ to: paths.admin, label: 'Admin' }] : []),
        { to: paths.settings, label: 'Profile' },
      ]
    : [];

  const list = (items: NavItem[]) =>
    items.map((item) => (
      <li key={item.to}>
        <NavLink to={item.to} end={item.to === paths.home} className={itemClass} onClick={onClose}>
          {item.label}
        </NavLink>
      </li>
    ));

  return (
    <nav
      id={id}
      aria-label="Mobile"
      className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-slate-200 bg-white px-4 pt-2 pb-6 shadow-lg lg:hidden"
    >
      <ul className="space-y-1">
        {list(leadingItems)}
        <li>
          <p id={servicesId} className="px-3 pt-3 pb-1 text-sm font-semibold text-slate-600">
            Services
          </p>
          <ul
            aria-labelledby={servicesId}
            className="ml-3 space-y-1 border-l border-slate-200 pl-2"
          >
            {list(servicesItems)}
          </ul>
        </li>
        {list(trailingItems)}
      </ul>
      <div className="mt-4 border-t border-slate-200 pt-4">
        {user ? (
          <>
            <p className="px-3 pb-2 text-sm text-slate-600">
              Signed in as <span className="font-semibold text-slate-900">{displayName(user)}</span>
            </p>
            <ul className="space-y-1">{list(accountItems)}</ul>
            <Button
              variant="secondary"
              className="mt-4 w-full"
              onClick={() => {
                onClose();
                logout();
              }}
            >
              Logout
            </Button>
          </>
        ) : (
          <div className="grid grid-cols-2 gap-3">
            <ButtonLink to={paths.login} variant="secondary" onClick={onClose}>
              Login
            </ButtonLink>
            <ButtonLink to={paths.register} onClick={onClose}>
              Sign Up
            </ButtonLink>
          </div>
        )}
      </div>
    </nav>
  );
}
