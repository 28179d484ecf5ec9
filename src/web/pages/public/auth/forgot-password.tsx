import { useState } from 'react';
import { Link } from 'react-router';
import type { ForgotPassword } from '#shared/password.ts';
import { paths } from '#shared/paths.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { AuthShell } from './auth-shell.tsx';
import { forgotValidation } from './password-schemas.ts';

export const meta = () =>
  pageMeta('Forgot password', 'Get an e-mail with a link to set a new password for your account.');

const fields = ['email'] as const;

export default function ForgotPasswordPage() {
  // The server answers the same for any address, so this is all there is to show.
  const [sent, setSent] = useState<string | null>(null);
  return (
    <AuthShell
      title="Forgot your password?"
      subtitle="Enter your email and we will send you a link to choose a new one."
      footer={
        <>
          Remembered it?{' '}
          <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
            Back to sign in
          </Link>
        </>
      }
    >
      {sent ? (
        <Sent message={sent} onAgain={() => setSent(null)} />
      ) : (
        <ForgotForm onSent={setSent} />
      )}
    </AuthShell>
  );
}

function Sent({ message, onAgain }: { message: string; onAgain: () => void }) {
  return (
    <div className="space-y-5">
      <Alert tone="success" title="Check your email">
        {message}
      </Alert>
      <p className="text-sm text-slate-600">
        Nothing arrived after a few minutes? Check the spam folder, or{' '}
        <button
          type="button"
          onClick={onAgain}
          className="font-medium text-brand-700 hover:underline"
        >
          try another address
        </button>
        .
      </p>
    </div>
  );
}

function ForgotForm({ onSent }: { onSent: (message: string) => void }) {
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<ForgotPassword>({
    resolver: forgotValidation.resolver,
    fields,
    defaultValues: { email: '' },
    submit: async (values) => {
      const { askForResetLink } = await import('./password-reset-api.ts');
      const { message } = await askForResetLink(values);
      onSent(message);
    },
  });
  const { register } = form;

  // Posted, never a GET: a click before the page hydrates must put no e-mail in an
  // address bar (server/http/page-forms.ts).
  return (
    <form
      method="post"
      onSubmit={onSubmit}
      onFocus={forgotValidation.preload}
      noValidate
      className="space-y-5"
    >
      <fieldset disabled={isSubmitting}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
      </fieldset>
      {alert ? <Alert>{alert}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send reset link'}
      </Button>
    </form>
  );
}
