import { setReaderTimeZone } from '#shared/dates.ts';
import { AUTH_CHANGED, getStoredUser } from './session.ts';

// Every time the app shows is in the signed-in person's chosen zone (Profile), else the
// browser's. Set here once for the whole app, from the stored user record, and again
// whenever the session changes (sign-in, a saved zone, another tab). Registered when
// this module loads, before React subscribes to the same events, so a page re-rendering
// for a new session already formats in its zone.

const apply = () => setReaderTimeZone(getStoredUser()?.timeZone);

if (typeof window !== 'undefined') {
  apply();
  window.addEventListener(AUTH_CHANGED, apply);
  window.addEventListener('storage', apply);
}
