import type { AuthResponse } from '#shared/user.ts';
import { PasskeyButton } from './passkey-button.tsx';
import { BackToSignIn, SecondStepHeading } from './second-step.tsx';

// The second sign-in step of an account whose second factor is a passkey only (an admin
// who met ADMIN_REQUIRE_2FA with one): no code to type, one button.

export function LoginPasskeyStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (session: AuthResponse) => void;
  onRestart: (message?: string) => void;
}) {
  return (
    <section className="space-y-5" aria-labelledby="login-passkey-title">
      <SecondStepHeading id="login-passkey-title">
        Your password was right. Confirm it is you with one of your passkeys.
      </SecondStepHeading>
      <PasskeyButton
        variant="primary"
        label="Use your passkey"
        run={(calls) => calls.finishWithPasskey(challenge)}
        onSignedIn={onSignedIn}
        onRestart={onRestart}
      />
      <p className="text-sm">
        <BackToSignIn onClick={() => onRestart()} />
      </p>
    </section>
  );
}
