import { Link } from 'react-router';
import { inviteTokenIn, nextPathIn, registerPathFrom } from '#web/lib/login-next.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { useHydratedSearch } from '#web/lib/use-hydrated-search.ts';
import { AuthShell } from './auth-shell.tsx';
import { LoginForm } from './login-form.tsx';

export const meta = () =>
  pageMeta('Login', 'Sign in to the client portal to run workflows and manage billing.');

export default function LoginPage() {
  // Where the visitor was going (`?next=`) stays with them, to sign-up as well: from an
  // invitation, creating an account instead still joins the team.
  const search = useHydratedSearch();
  const next = nextPathIn(search);
  const invited = inviteTokenIn(next) !== null;
  return (
    <AuthShell
      title="Welcome back"
      subtitle={
        invited
          ? 'Sign in with the invited address, and you come back to the invitation to accept it.'
          : 'Sign in to your client portal.'
      }
      footer={
        <>
          New here?{' '}
          <Link
            to={registerPathFrom(next)}
            className="font-semibold text-brand-700 hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthShell>
  );
}
