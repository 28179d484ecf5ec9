import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ResetPasswordForm } from '#shared/password.ts';
import { paths } from '#shared/paths.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button, ButtonLink } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { AuthShell } from './auth-shell.tsx';
import { resetValidation } from './password-schemas.ts';
import { useResetLinkCheck } from './reset-link-check.ts';

export const meta = () =>
  pageMeta('Set a new password', 'Choose a new password for your client portal account.');

const fields = ['newPassword', 'confirmPassword'] as const;

type Outcome = { kind: 'done'; message: string } | { kind: 'invalid'; message: string };

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const check = useResetLinkCheck(token);
  const [submitted, setOutcome] = useState<Outcome | null>(null);
  const outcome: Outcome | null =
    submitted ?? (check.state === 'dead' ? { kind: 'invalid', message: check.message } : null);
  return (
    <AuthShell
      title="Set a new password"
      subtitle="Choose a new password for your account."
      footer={
        <>
          Remembered it?{' '}
          <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
            Back to sign in
          </Link>
        </>
      }
    >
      {outcome?.kind === 'done' ? (
        <div className="space-y-5">
          <Alert tone="success" title="Password reset">
            {outcome.message}
          </Alert>
          <ButtonLink to={paths.login} size="lg" className="w-full">
            Sign in
          </ButtonLink>
        </div>
      ) : outcome?.kind === 'invalid' ? (
        <div className="space-y-5">
          <Alert title="This link does not work">{outcome.message}</Alert>
          <ButtonLink to={paths.forgotPassword} size="lg" className="w-full">
            Request a new link
          </ButtonLink>
        </div>
      ) : check.state === 'checking' ? (
        <Spinner label="Checking the link…" />
      ) : (
        <ResetForm token={token} onOutcome={setOutcome} />
      )}
    </AuthShell>
  );
}

function ResetForm({ token, onOutcome }: { token: string; onOutcome: (o: Outcome) => void }) {
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<ResetPasswordForm>({
    resolver: resetValidation.resolver,
    fields,
    defaultValues: { newPassword: '', confirmPassword: '' },
    submit: async ({ newPassword }) => {
      try {
        const { setNewPassword } = await import('./password-reset-api.ts');
        const { message } = await setNewPassword({ token, newPassword });
        onOutcome({ kind: 'done', message });
      } catch (error) {
        // A dead link is reported against the token, which has no field here.
        if (!(error instanceof ApiError && error.errors.token)) throw error;
        onOutcome({ kind: 'invalid', message: error.errors.token });
      }
    },
  });
  const { register } = form;

  return (
    <form onSubmit={onSubmit} onFocus={resetValidation.preload} noValidate className="space-y-5">
      <fieldset disabled={isSubmitting} className="space-y-5">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters with upper- and lowercase letters and a number."
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </fieldset>
      {alert ? <Alert>{alert}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Set new password'}
      </Button>
    </form>
  );
}
