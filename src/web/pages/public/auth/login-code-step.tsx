import { useEffect, useState } from 'react';
import type { AuthResponse } from '#shared/user.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { ApiError } from '#web/lib/api.ts';
import { callApi } from '#web/lib/call-api.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { type CodeForm, codeValidation } from './login-schemas.ts';
import { OrDivider, PasskeyButton } from './passkey-button.tsx';
import { BackToSignIn, SecondStepHeading } from './second-step.tsx';

// The second sign-in step: a code from the authenticator app, or one of the ten
// one-time recovery codes for when the phone is not at hand, or a passkey when the
// person has one (docs/decisions/020-passkeys.md).

const fields = ['code'] as const;
// Mirrors twoFactorMessages.wrongCode without importing zod-bearing modules.
const WRONG_CODE = /code is not right/i;

type Mode = 'app' | 'recovery';

const copy: Record<Mode, { label: string; hint: string; switchTo: string }> = {
  app: {
    label: 'Authentication code',
    hint: 'Enter the 6-digit code from your authenticator app.',
    switchTo: 'Use a recovery code',
  },
  recovery: {
    label: 'Recovery code',
    hint: 'Enter one of the recovery codes you saved, like a1b2c-3d4e5. Each works once.',
    switchTo: 'Use your authenticator app',
  },
};

export function LoginCodeStep({
  challenge,
  passkey,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  /** The person has a passkey, which may answer instead of a code. */
  passkey: boolean;
  onSignedIn: (session: AuthResponse) => void;
  /** Back to the password step, with a reason to show there (an expired challenge). */
  onRestart: (message?: string) => void;
}) {
  const [mode, setMode] = useState<Mode>('app');
  const { form, onSubmit, alert, failure, errors, isSubmitting } = useApiForm<CodeForm>({
    resolver: codeValidation.resolver,
    fields,
    defaultValues: { code: '' },
    submit: async ({ code }) => {
      try {
        // The route carries zod, which the login page loads only when a code is sent
        // (docs/decisions/008-zod-lazy-on-public-pages.md).
        const { twoFactorApi } = await import('#shared/api/two-factor.ts');
        onSignedIn(
          await callApi(twoFactorApi.signIn, { body: { challenge, code } }, { auth: false }),
        );
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
        // A wrong code goes under the field, focused once the form is enabled again.
        if (WRONG_CODE.test(error.message)) throw error.forField('code');
        // The challenge expired or the password changed meanwhile: start over.
        onRestart(error.message);
      }
    },
  });
  const { register, setFocus, resetField, clearErrors } = form;

  // The field appears in place of the password form (and again on switching mode):
  // the cursor belongs in it.
  useEffect(() => {
    codeValidation.preload();
    setFocus('code');
  }, [setFocus]);

  const switchMode = () => {
    const next = mode === 'app' ? 'recovery' : 'app';
    resetField('code');
    clearErrors();
    failure.clear();
    setMode(next);
    // After the re-render that relabels the field.
    setTimeout(() => setFocus('code'), 0);
  };

  const text = copy[mode];
  // CodeSchema speaks of the app's 6 digits; a short recovery code needs its own words.
  const codeError =
    mode === 'recovery' && errors.code && errors.code.type !== 'server'
      ? 'Enter one of your recovery codes.'
      : errors.code?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-labelledby="login-code-title">
      <SecondStepHeading id="login-code-title">
        Your password was right. One more step keeps your account safe.
      </SecondStepHeading>
      <fieldset disabled={isSubmitting}>
        <TextField
          key={mode}
          label={text.label}
          // The schema's message repeats the hint, so the hint gives way to an error.
          hint={codeError ? undefined : text.hint}
          autoComplete={mode === 'app' ? 'one-time-code' : 'off'}
          inputMode={mode === 'app' ? 'numeric' : 'text'}
          spellCheck={false}
          autoCapitalize="off"
          maxLength={mode === 'app' ? 6 : 20}
          className="[&_input]:font-mono [&_input]:tracking-widest"
          error={codeError}
          {...register('code')}
        />
      </fieldset>
      {alert ? <Alert>{alert}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Checking…' : 'Verify and sign in'}
      </Button>
      {passkey ? (
        <>
          <OrDivider />
          <PasskeyButton
            label="Use a passkey instead"
            run={(calls) => calls.finishWithPasskey(challenge)}
            onSignedIn={onSignedIn}
            onRestart={onRestart}
          />
        </>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <button
          type="button"
          onClick={switchMode}
          className="font-medium text-brand-700 hover:underline"
        >
          {text.switchTo}
        </button>
        <BackToSignIn onClick={() => onRestart()} />
      </div>
    </form>
  );
}
