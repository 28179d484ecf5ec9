// A session can end on the server while a signed-in screen is open: it expired, the
// password changed elsewhere, an admin's test session was ended. A call sent with the
// stored token then answers 401; api.ts clears the session and says so here, and the
// signed-in layouts answer by sending the visitor to sign in and back. A deliberate
// sign-out does not announce this. Apart from session.ts so the public pages' first
// download does not carry it.

const SESSION_EXPIRED = 'session-expired';

export function announceSessionExpired(message: string) {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<string>(SESSION_EXPIRED, { detail: message }));
}

/** Calls `listener` with the server's words each time a session is found ended. */
export function onSessionExpired(listener: (message: string) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<string>).detail);
  window.addEventListener(SESSION_EXPIRED, handle);
  return () => window.removeEventListener(SESSION_EXPIRED, handle);
}
