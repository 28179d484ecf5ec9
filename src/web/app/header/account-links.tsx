import { Link, NavLink } from 'react-router';
import { displayName } from '#shared/display-name.ts';
import { paths } from '#shared/paths.ts';
import { Button, ButtonLink } from '#web/components/button.tsx';
import type { Session } from '#web/lib/session.ts';
import { useLogout } from './use-logout.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap hover:bg-slate-100 hover:text-slate-900 ${isActive ? 'text-brand-700' : 'text-slate-700'}`;

/** The right-hand side of the desktop header: sign-in actions or the account links. */
export function AccountLinks({ session }: { session: Session | null }) {
  const logout = useLogout();
  if (!session) {
    return (
      <div className="flex items-center gap-2">
        <Link
          to={paths.login}
          className="rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        >
          Login
        </Link>
        <ButtonLink to={paths.register} size="sm">
          Sign Up
        </ButtonLink>
      </div>
    );
  }
  const { user } = session;
  return (
    <div className="flex min-w-0 items-center gap-1">
      <NavLink to={paths.client} className={linkClass}>
        Client Portal
      </NavLink>
      {user.role === 'Admin' ? (
        <NavLink to={paths.admin} className={linkClass}>
          Admin
        </NavLink>
      ) : null}
      <NavLink to={paths.settings} className={linkClass}>
        Profile
      </NavLink>
      <span
        className="ml-1 max-w-32 truncate xl:max-w-48 border-l border-slate-200 pl-3 text-sm font-semibold text-slate-900"
        title={displayName(user)}
      >
        {displayName(user)}
      </span>
      <Button variant="secondary" size="sm" onClick={logout} className="ml-2">
        Logout
      </Button>
    </div>
  );
}
