import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PayResult } from '#shared/billing-api.ts';
import { failureMessage } from '#web/lib/failure-text.ts';

// One action of a token page (confirm, change, cancel, pay). On success the browser goes
// where the server says (back to Billing, which shows the notice); the server's message
// goes along so Billing can show it.

export function usePayAction<TVariables = void>(
  send: (variables: TVariables) => Promise<PayResult>,
) {
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: ({ redirectUrl, message }) => {
      if (redirectUrl.startsWith('/'))
        void navigate(redirectUrl, { state: { payMessage: message } });
      else window.location.assign(redirectUrl);
    },
  });
  return {
    ...mutation,
    /** Busy from the click until the next page shows. */
    busy: mutation.isPending || mutation.isSuccess,
  };
}

/** The text of a failed action: the server's message (e.g. the link was used meanwhile). */
export const actionErrorText = (error: unknown) =>
  failureMessage(error, 'The payment service did not answer. Check your connection and try again.');
