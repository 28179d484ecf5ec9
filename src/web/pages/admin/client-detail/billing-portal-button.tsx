import { useState } from 'react';
import { Button } from '#web/components/button.tsx';
import { ExternalIcon } from '#web/components/icons.tsx';
import { ApiError } from '#web/lib/api.ts';
import { codeText } from '#web/lib/failure-text.ts';
import { openInNewTab } from '#web/lib/open-in-new-tab.ts';
import { toast } from '#web/lib/toast.ts';
import { clientCalls } from '../shared/clients-api.ts';

/** The client's billing portal in a new tab (SPEC §2), or SPEC §8's notice saying why not. */
export function BillingPortalButton({ clientId }: { clientId: string }) {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      await openInNewTab(async () => (await clientCalls.billingPortal(clientId)).url);
    } catch (error) {
      const text = error instanceof ApiError ? codeText(error) : 'Could not open billing portal';
      toast({ title: 'Failed', text, tone: 'error' });
    } finally {
      setOpening(false);
    }
  };
  return (
    <Button variant="secondary" onClick={open} disabled={opening}>
      {opening ? 'Opening…' : 'Open billing portal'}
      <ExternalIcon className="size-4" />
      <span className="sr-only">(opens in a new tab)</span>
    </Button>
  );
}
