import { useNavigate } from 'react-router';
import { paths } from '#shared/paths.ts';
import { signOut } from '#web/lib/sign-out.ts';

/** Header logout: ends the session, clears token and user, then goes home (SPEC §4). */
export function useLogout(to: string = paths.home) {
  const navigate = useNavigate();
  return () => {
    signOut();
    navigate(to);
  };
}
