import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '#shared/paths.ts';
import type { SignInNotice } from '#web/lib/login-next.ts';
import { onSessionExpired } from '#web/lib/session-ended.ts';

// A session can end while a signed-in screen is open: it expired, the password changed
// elsewhere, an admin's test session was ended. Its calls then answer 401 and the screen
// could never load again, so the signed-in layouts send the visitor to sign in, with the
// server's reason shown there and the way back to this screen.

export function useSignInWhenSessionEnds() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  useEffect(
    () =>
      onSessionExpired((message) => {
        const state: SignInNotice = { notice: message || undefined };
        navigate(loginPathFor(`${pathname}${search}${hash}`), { replace: true, state });
      }),
    [navigate, pathname, search, hash],
  );
}
