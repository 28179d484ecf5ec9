import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { refreshAccount } from '#web/lib/account.ts';
import { toast } from '#web/lib/toast.ts';
import { billingKeys } from './billing-api.ts';
import { returnNoticeFor } from './return-notice.ts';

/** What a token page may hand over when it sends the browser back here. */
export interface BillingReturnState {
  payMessage?: string;
}

/**
 * On return from a checkout, the portal or an invoice payment: the success notice, a
 * fresh account (so the header, sidebar and gates follow the new plan at once), fresh
 * billing data, and an address without the query (a reload must not repeat it).
 */
export function useReturnNotice() {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const notice = returnNoticeFor(search);
  const param = notice?.param;
  const payMessage = (location.state as BillingReturnState | null)?.payMessage;

  // Arrival is the event here: it comes from another page, not from a click on this one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: run once per arrival (param)
  useEffect(() => {
    if (!notice || !param) return;
    toast({ title: notice.title, text: payMessage ?? notice.text, tone: 'success' });
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(param);
        return next;
      },
      { replace: true, state: null },
    );
    void refreshAccount()
      .catch(() => undefined)
      .finally(() => queryClient.invalidateQueries({ queryKey: billingKeys.all }));
  }, [param]);
}

/** SPEC §8: one notice when billing information fails to load. */
export function useLoadFailureNotice(failedAt: number) {
  useEffect(() => {
    if (failedAt > 0) {
      toast({ title: 'Error', text: 'Failed to load billing information', tone: 'error' });
    }
  }, [failedAt]);
}
