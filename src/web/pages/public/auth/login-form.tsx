import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Login } from '#shared/auth.ts';
import { paths } from '#shared/paths.ts';
import type { AuthResponse, SecondFactor } from '#shared/user.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { afterLoginPath, signInNoticeIn } from '#web/lib/login-next.ts';
import { setSession } from '#web/lib/session.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { useHydrated } from '#web/lib/use-hydrated-search.ts';
import { logIn } from './auth-api.ts';
import { loginValidation } from './auth-schemas.ts';
import { LoginCodeStep } from './login-code-step.tsx';
import { LoginPasskeyStep } from './login-passkey-step.tsx';
import { OrDivider, PasskeyButton } from './passkey-button.tsx';

const fields = ['email', 'password'] as const;

/** The password was right; the session waits for one of these second factors. */
interface SecondStep {
  challenge: string;
  methods: SecondFactor[];
}

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  // Set when the password was right and the account asks for a second factor.
  const [step, setStep] = useState<SecondStep | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Why the visitor is here again: a session that ended under an open screen.
  const hydrated = useHydrated();
  const ended = hydrated ? signInNoticeIn(location.state) : null;

  const finish = (session: AuthResponse) => {
    setSession(session);
    navigate(afterLoginPath(location.search));
  };

  if (step) {
    const restart = (message?: string) => {
      setNotice(message ?? null);
      setStep(null);
    };
    const passkey = step.methods.includes('passkey');
    // An account whose only second factor is a passkey has no code to type.
    return step.methods.includes('totp') ? (
      <LoginCodeStep
        challenge={step.challenge}
        passkey={passkey}
        onSignedIn={finish}
        onRestart={restart}
      />
    ) : (
      <LoginPasskeyStep challenge={step.challenge} onSignedIn={finish} onRestart={restart} />
    );
  }
  return (
    <div className="space-y-5">
      {ended ? (
        <Alert tone="info" title="You were signed out">
          {ended}
        </Alert>
      ) : null}
      <PasswordStep
        notice={notice}
        onSignedIn={finish}
        onChallenge={(value) => {
          setNotice(null);
          setStep(value);
        }}
      />
      <OrDivider />
      <PasskeyButton
        label="Sign in with a passkey"
        run={(calls) => calls.signInWithPasskey()}
        onSignedIn={finish}
      />
    </div>
  );
}

function PasswordStep({
  notice,
  onSignedIn,
  onChallenge,
}: {
  notice: string | null;
  onSignedIn: (session: AuthResponse) => void;
  onChallenge: (step: SecondStep) => void;
}) {
  // SPEC §8 says login shows nothing on failure; a visible reason serves people better.
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<Login>({
    resolver: loginValidation.resolver,
    fields,
    defaultValues: { email: '', password: '' },
    submit: async (values) => {
      const answer = await logIn(values);
      if ('twoFactorRequired' in answer) onChallenge(answer);
      else onSignedIn(answer);
    },
  });
  const { register } = form;

  const shown = alert ?? notice;
  // Posted, never a GET: a click before the page hydrates must put no password in an
  // address bar (server/http/page-forms.ts).
  return (
    <form
      method="post"
      onSubmit={onSubmit}
      onFocus={loginValidation.preload}
      noValidate
      className="space-y-5"
    >
      <fieldset disabled={isSubmitting} className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <div>
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <p className="mt-2 text-right text-sm">
            <Link to={paths.forgotPassword} className="font-medium text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </p>
        </div>
      </fieldset>
      {shown ? <Alert>{shown}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
