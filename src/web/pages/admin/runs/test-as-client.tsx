import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '#shared/paths.ts';
import { Button } from '#web/components/button.tsx';
import { ApiError } from '#web/lib/api.ts';
import { beginImpersonation } from '#web/lib/impersonation.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { getStoredUser, getToken } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { clientCalls } from '../shared/clients-api.ts';

// "Test as client" from a run: the client's portal for one hour, as on the client's page
// (the admin's own session kept aside; the portal guard swaps sessions).

export function TestAsClientButton({ clientId }: { clientId: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const start = async () => {
    const token = getToken();
    const user = getStoredUser();
    if (!token || !user) return;
    setBusy(true);
    try {
      const impersonation = await clientCalls.impersonate(clientId);
      beginImpersonation({ token, user }, impersonation.token);
      // Answers cached as the admin must not show in the client's portal.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'admin' });
      navigate(`${paths.client}?impersonate=${encodeURIComponent(impersonation.token)}`);
    } catch (error) {
      const text = error instanceof ApiError ? `${error.status}: ${error.message}` : '';
      toast({ title: 'Could not open the portal as this client', text, tone: 'error' });
      setBusy(false);
    }
  };

  return (
    <Button variant="secondary" size="sm" onClick={start} disabled={busy}>
      {busy ? 'Opening portal…' : 'Test as client'}
    </Button>
  );
}
