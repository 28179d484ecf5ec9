import { useState } from 'react';
import { useNavigate } from 'react-router';
import { displayName } from '#shared/display-name.ts';
import { paths } from '#shared/paths.ts';
import { Button } from '#web/components/button.tsx';
import {
  forgetImpersonation,
  getSavedImpersonation,
  useIsImpersonating,
} from '#web/lib/impersonation.ts';
import { setSession, useSession } from '#web/lib/session.ts';

// Shown on every page while an admin uses the portal as a client (SPEC §4), with the
// way back: the end is recorded, then the admin's own session comes back.

/** Loaded at the click: the public pages' JavaScript budget has no room for it (DESIGN §6). */
const endTestSession = async () => (await import('./end-test-session.ts')).endTestSession();

export function ImpersonationBanner() {
  const impersonating = useIsImpersonating();
  const session = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  if (!impersonating) return null;

  const client = session?.user ?? null;

  const returnToAdmin = async () => {
    const saved = getSavedImpersonation();
    if (!saved) return;
    setLeaving(true);
    try {
      // Sent with the impersonation token still in place. Only an audit record: a
      // failure (e.g. the hour is up) must not keep the admin out.
      await endTestSession();
    } catch {
      // ignored on purpose, see above
    }
    forgetImpersonation();
    setSession(saved.admin);
    // This banner unmounts with the line above; navigate still works from here.
    await navigate(client ? paths.adminClient(client._id) : paths.adminClients);
    // Cached portal answers belong to the client. Dropped once the portal page is gone, so
    // it does not refetch them with the admin's token on the way out. Loaded on demand so
    // public pages do not download TanStack Query.
    const { queryClient } = await import('#web/lib/query-client.ts');
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'admin' });
  };

  return (
    <section
      aria-label="Impersonation"
      className="border-b border-amber-300 bg-amber-50 text-amber-950"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2.5 sm:px-6 lg:px-8">
        <p className="min-w-0 text-sm">
          You are viewing the portal as{' '}
          <strong className="font-semibold break-all">
            {client ? displayName(client) : 'a client'}
          </strong>
        </p>
        <Button variant="secondary" size="sm" onClick={returnToAdmin} disabled={leaving}>
          {leaving ? 'Returning…' : 'Return to admin'}
        </Button>
      </div>
    </section>
  );
}
