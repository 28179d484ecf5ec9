import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { privacyApi } from '#shared/api/privacy.ts';
import type { Enquiry } from '#shared/enquiries.ts';
import { Button } from '#web/components/button.tsx';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { callApi, callApiRaw } from '#web/lib/call-api.ts';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { saveAnswer } from '#web/lib/save-file.ts';
import { toast } from '#web/lib/toast.ts';
import { enquiryKeys } from './enquiries-api.ts';

// An enquiry sender's privacy requests (docs/decisions/017-privacy-requests.md): Export
// downloads what we hold about them (their account's archive when they have one); Erase
// removes the row, the notice mail it sent us and the sender's name in the audit log,
// keeping an entry that says only that.

export function EnquiryPrivacyActions({ enquiry }: { enquiry: Enquiry }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState(false);

  const params = { id: enquiry._id };

  const erase = async () => {
    setBusy(true);
    try {
      const { message } = await callApi(privacyApi.eraseEnquiry, { params });
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
      await saveAnswer(await callApiRaw(privacyApi.enquiryExport, { params }), 'data-export.zip');
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
