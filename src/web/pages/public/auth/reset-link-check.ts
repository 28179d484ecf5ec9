import { useEffect, useState } from 'react';
import { ApiError } from '#web/lib/api.ts';

// The reset page asks whether its link still works before showing the form, so a dead
// link says so before anyone types two new passwords. Only the server's refusal of the
// link counts: when the check itself fails (offline, rate limited), the form is shown and
// setting the password says what is wrong.

export type LinkCheck =
  | { state: 'checking' }
  | { state: 'works' }
  | { state: 'dead'; message: string };

/** What the server says about the link, read without using it. */
export function useResetLinkCheck(token: string): LinkCheck {
  const [check, setCheck] = useState<LinkCheck>({ state: 'checking' });
  useEffect(() => {
    const controller = new AbortController();
    setCheck({ state: 'checking' });
    import('./password-reset-api.ts')
      .then(({ checkResetLink }) => checkResetLink(token, controller.signal))
      .then(() => setCheck({ state: 'works' }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const refused = error instanceof ApiError && (error.status === 400 || error.status === 409);
        setCheck(refused ? { state: 'dead', message: error.message } : { state: 'works' });
      });
    return () => controller.abort();
  }, [token]);
  return check;
}
