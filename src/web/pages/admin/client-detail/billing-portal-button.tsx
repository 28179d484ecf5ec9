import { useState } from 'react';
import { billingApi } from '#shared/api/billing.ts';
import { Button } from '#web/components/button.tsx';
import { ExternalIcon } from '#web/components/icons.tsx';
import { ApiError } from '#web/lib/api.ts';
import { callApi } from '#web/lib/call-api.ts';
import { codeText } from '#web/lib/failure-text.ts';
import { openInNewTab } from '#web/lib/open-in-new-tab.ts';
import { toast } from '#web/lib/toast.ts';

/**
 * The client's billing portal in a new tab (SPEC §2), or SPEC §8's notice saying why not.
 * Called from here rather than the shared client calls, so the client list and the other
 * screens that share those do not load the billing routes.
 */
export function BillingPortalButton({ clientId }: { clientId: string }) {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      await openInNewTab(
        async () => (await callApi(billingApi.adminPortalUrl, { params: { id: clientId } })).url,
      );
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
