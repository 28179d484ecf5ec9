import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '#shared/paths.ts';
import type { User } from '#shared/user.ts';
import { Button } from '#web/components/button.tsx';
import { ApiError } from '#web/lib/api.ts';
import { beginImpersonation } from '#web/lib/impersonation.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { getStoredUser, getToken } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { clientCalls } from '../shared/clients-api.ts';

// "Test as client" (SPEC §4): a one-hour token for the client, the admin's own session
// kept aside, then the portal opened with the token (the portal guard swaps sessions).

export function TestAsClient({ client }: { client: User }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const hintId = useId();
  if (client.role === 'Admin') {
    return <p className="text-sm text-slate-600">Admin accounts cannot be impersonated.</p>;
  }

  const start = async () => {
    const token = getToken();
    const user = getStoredUser();
    if (!token || !user) return;
    setBusy(true);
    try {
      const impersonation = await clientCalls.impersonate(client._id);
      beginImpersonation({ token, user }, impersonation.token);
      // Cached portal answers were fetched as the admin; the client's portal must not show
      // them. Admin queries stay: this page still shows them until the portal opens, and
      // refetching them with the client's token would only be refused.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'admin' });
      navigate(`${paths.client}?impersonate=${encodeURIComponent(impersonation.token)}`);
    } catch (error) {
      const text =
        error instanceof ApiError
          ? `${error.status}: Could not impersonate`
          : 'Could not impersonate';
      toast({ title: 'Failed', text, tone: 'error' });
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button onClick={start} disabled={busy} aria-describedby={hintId}>
        {busy ? 'Opening portal…' : 'Test as client'}
      </Button>
      <p id={hintId} className="text-xs text-slate-600">
        Opens the portal as this client for one hour.
      </p>
    </div>
  );
}
