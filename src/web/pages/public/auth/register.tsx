import { Link } from 'react-router';
import { signInPathFrom } from '#web/lib/login-next.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { useHydratedSearch } from '#web/lib/use-hydrated-search.ts';
import { AuthShell } from './auth-shell.tsx';
import { RegisterForm } from './register-form.tsx';

export const meta = () =>
  pageMeta('Sign Up', 'Create a client account to run and schedule your automation workflows.');

export default function RegisterPage() {
  const search = useHydratedSearch();
  return (
    <AuthShell
      title="Create your account"
      subtitle="Run, schedule and monitor your workflows in one place."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={signInPathFrom(search)}
            className="font-semibold text-brand-700 hover:underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthShell>
  );
}
