import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { AuthShell } from './auth-shell.tsx';
import { LoginForm } from './login-form.tsx';

export const meta = () =>
  pageMeta('Login', 'Sign in to the client portal to run workflows and manage billing.');

export default function LoginPage() {
  return (
    <AuthShell
      title="Welcome back"
      subtitle="Sign in to your client portal."
      footer={
        <>
          New here?{' '}
          <Link to={paths.register} className="font-semibold text-brand-700 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthShell>
  );
}
