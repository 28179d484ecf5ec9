import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { SectionCard } from '#web/components/section-card.tsx';

// What to do when locked out (README: Operations) and the other half of admin security,
// two-factor sign-in, which lives on the Profile screen.

const code = 'rounded bg-slate-100 px-1 font-mono text-[0.9em] text-slate-900';

export function SecurityHelp() {
  return (
    <>
      <SectionCard id="recovery" title="Locked out?">
        <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
          <li>
            Restart the server once with <code className={code}>ADMIN_IP_LOCK_RESET=true</code>: the
            lock is removed at start.
          </li>
          <li>Unset the variable again, so the next restart keeps any new lock.</li>
          <li>Sign in and set the address you really use.</li>
        </ol>
        <p className="mt-3 text-sm text-slate-600">
          Behind a load balancer, the server only sees real client addresses with{' '}
          <code className={code}>TRUST_PROXY=true</code>; otherwise every request seems to come from
          the balancer.
        </p>
      </SectionCard>
      <SectionCard id="two-factor" title="Two-factor sign-in">
        <p className="text-sm text-slate-700">
          An IP lock guards where admins sign in from; an authenticator app guards who. Turn on
          two-factor sign-in for your account on your{' '}
          <Link to={paths.settings} className="font-semibold text-brand-700 hover:underline">
            Profile
          </Link>{' '}
          page. Setting <code className={code}>ADMIN_REQUIRE_2FA=true</code> makes it mandatory for
          every admin.
        </p>
      </SectionCard>
    </>
  );
}
