import { useNavigate } from 'react-router';
import { paths } from '#shared/paths.ts';
import { clearSession } from '#web/lib/session.ts';

/** Header logout: clears token and user, then goes home (SPEC §4). */
export function useLogout(to: string = paths.home) {
  const navigate = useNavigate();
  return () => {
    clearSession();
    navigate(to);
  };
}
