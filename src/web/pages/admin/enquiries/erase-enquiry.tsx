import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Message } from '#shared/answers.ts';
import type { Enquiry } from '#shared/enquiries.ts';
import { Button } from '#web/components/button.tsx';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { api } from '#web/lib/api.ts';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { enquiriesQuery } from './enquiries-api.ts';

// Erasing an enquiry when its sender asks (issue 17): the row, the notice mail it sent us and
// the sender's name in the audit log go; the server keeps an entry that says only that.

export function EraseEnquiry({ enquiry }: { enquiry: Enquiry }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const erase = async () => {
    setBusy(true);
    try {
      const { message } = await api.delete<Message>(
        `/api/admin/enquiries/${encodeURIComponent(enquiry._id)}`,
      );
      toast({ title: 'Erased', text: message, tone: 'success' });
      setAsking(false);
      await queryClient.invalidateQueries({ queryKey: enquiriesQuery().queryKey });
    } catch (error) {
      notifyFailure(error, { failed: 'Not erased', network: 'Not erased' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setAsking(true)}>
        Erase…
      </Button>
      <ConfirmModal
        open={asking}
        title={`Erase the enquiry from ${enquiry.name}?`}
        confirmLabel="Erase enquiry"
        busy={busy}
        onConfirm={erase}
        onCancel={() => setAsking(false)}
      >
        The enquiry, the notice e-mail it sent us and the sender’s name in the audit log are
        removed. This cannot be undone.
      </ConfirmModal>
    </>
  );
}
