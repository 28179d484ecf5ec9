import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Message } from '#shared/answers.ts';
import type { Enquiry } from '#shared/enquiries.ts';
import { Button } from '#web/components/button.tsx';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { api } from '#web/lib/api.ts';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { downloadFromServer } from '#web/lib/save-file.ts';
import { toast } from '#web/lib/toast.ts';
import { enquiryKeys } from './enquiries-api.ts';

// An enquiry sender's privacy requests (issue 17): Export downloads what we hold about them
// (their account's archive when they have one); Erase removes the row, the notice mail it
// sent us and the sender's name in the audit log, keeping an entry that says only that.

export function EnquiryPrivacyActions({ enquiry }: { enquiry: Enquiry }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState(false);

  const erase = async () => {
    setBusy(true);
    try {
      const { message } = await api.delete<Message>(
        `/api/admin/enquiries/${encodeURIComponent(enquiry._id)}`,
      );
      toast({ title: 'Erased', text: message, tone: 'success' });
      setAsking(false);
      await queryClient.invalidateQueries({ queryKey: enquiryKeys.all });
    } catch (error) {
      notifyFailure(error, { failed: 'Not erased', network: 'Not erased' });
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    setExporting(true);
    try {
      await downloadFromServer(
        `/api/admin/enquiries/${encodeURIComponent(enquiry._id)}/export`,
        'data-export.zip',
      );
    } catch (error) {
      notifyFailure(error, { failed: 'Export failed', network: 'Export failed' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Button variant="ghost" size="sm" onClick={download} disabled={exporting}>
        {exporting ? 'Preparing…' : 'Export'}
      </Button>
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
