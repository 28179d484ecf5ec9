import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { User } from '#shared/user.ts';
import { Button } from '#web/components/button.tsx';
import { EndPlanDialog } from './end-plan-dialog.tsx';
import { adminInvoicesQuery } from './invoices-api.ts';

// Ending a running local plan at once (the client's own cancellation waits for the end of
// the paid period). Shown only with local billing, where the invoices answer.

export function EndPlanButton({ client }: { client: User }) {
  const [open, setOpen] = useState(false);
  const local = useQuery(adminInvoicesQuery(client._id)).isSuccess;
  const { status, plan } = client.subscription;
  if (!local || (status !== 'active' && status !== 'past_due')) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        End plan now
      </Button>
      {open ? (
        <EndPlanDialog clientId={client._id} plan={plan} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

/** True once the local invoices answer: the books, tax and address live here. */
export function useLocalBilling(clientId: string) {
  return useQuery(adminInvoicesQuery(clientId)).isSuccess;
}
