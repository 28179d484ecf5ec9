import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { privacyApi } from '#shared/api/privacy.ts';
import { formatDate } from '#shared/dates.ts';
import { retention } from '#shared/retention.ts';
import { possessive } from '#shared/text.ts';
import type { User } from '#shared/user.ts';
import { Button } from '#web/components/button.tsx';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { SectionCard } from '#web/components/section-card.tsx';
import { callApi, callApiRaw } from '#web/lib/call-api.ts';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { saveAnswer } from '#web/lib/save-file.ts';
import { toast } from '#web/lib/toast.ts';
import { clientKeys } from '../shared/clients-api.ts';

// Privacy requests for one client (docs/decisions/017-privacy-requests.md): download
// everything held about the account, close it (erased after the retention period), or
// erase it now. Closing and erasing ask first; each is audited on the server with this
// admin as actor.

type Pending = 'close' | 'erase' | null;

const DAY_MS = 86_400_000;
const erasedOn = (closedAt: string) =>
  formatDate(new Date(new Date(closedAt).getTime() + retention.closedAccountDays * DAY_MS));

function StatusLine({ client }: { client: User }) {
  if (client.erasedAt)
    return (
      <p className="text-sm text-slate-700">
        Erased on {formatDate(client.erasedAt)}. Only its invoices remain, with the company name.
      </p>
    );
  if (client.closedAt)
    return (
      <p className="text-sm text-slate-700">
        Closed on {formatDate(client.closedAt)}; erased automatically on {erasedOn(client.closedAt)}
        .
      </p>
    );
  return (
    <p className="text-sm text-slate-600">
      Open. Closing cancels the subscription, refuses every sign-in and stops schedules; the account
      is erased {retention.closedAccountDays} days later.
    </p>
  );
}

export function PrivacyCard({ client }: { client: User }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState<'export' | 'close' | 'erase' | null>(null);
  const params = { id: client._id };

  const download = async () => {
    setBusy('export');
    try {
      await saveAnswer(await callApiRaw(privacyApi.clientExport, { params }), 'data-export.zip');
    } catch (error) {
      notifyFailure(error, { failed: 'Export failed', network: 'Export failed' });
    } finally {
      setBusy(null);
    }
  };

  const act = async (action: 'close' | 'erase') => {
    setBusy(action);
    try {
      const route = action === 'close' ? privacyApi.closeClient : privacyApi.eraseClient;
      const { message } = await callApi(route, { params });
      toast({
        title: action === 'close' ? 'Account closed' : 'Account erased',
        text: message,
        tone: 'success',
      });
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: clientKeys.one(client._id) });
      await queryClient.invalidateQueries({ queryKey: clientKeys.all });
    } catch (error) {
      notifyFailure(error, { failed: 'Not done', network: 'Not done' });
    } finally {
      setBusy(null);
    }
  };

  const erased = Boolean(client.erasedAt);
  return (
    <SectionCard
      id="privacy"
      title="Privacy requests"
      description="Answer a client’s request to see, export or delete what we hold about them."
    >
      <StatusLine client={client} />
      {erased ? null : (
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="secondary" onClick={download} disabled={busy !== null}>
            {busy === 'export' ? 'Preparing…' : 'Download data (ZIP)'}
          </Button>
          {client.closedAt ? null : (
            <Button
              variant="secondary"
              onClick={() => setPending('close')}
              disabled={busy !== null}
            >
              Close account…
            </Button>
          )}
          <Button variant="danger" onClick={() => setPending('erase')} disabled={busy !== null}>
            Erase now…
          </Button>
        </div>
      )}
      <ConfirmModal
        open={pending === 'close'}
        title={`Close ${possessive(client.companyName ?? client.name)} account?`}
        confirmLabel="Close account"
        busy={busy === 'close'}
        onConfirm={() => act('close')}
        onCancel={() => setPending(null)}
      >
        The subscription is cancelled with the billing provider, the client and their team are
        signed out and refused, and schedules stop. Everything is erased after{' '}
        {retention.closedAccountDays} days.
      </ConfirmModal>
      <ConfirmModal
        open={pending === 'erase'}
        title={`Erase ${possessive(client.companyName ?? client.name)} account now?`}
        confirmLabel="Erase everything"
        busy={busy === 'erase'}
        onConfirm={() => act('erase')}
        onCancel={() => setPending(null)}
      >
        This cannot be undone. Workflows, runs, schedules, team, enquiries, mail and the person’s
        name and e-mail address in audit entries are removed now. Invoices stay for tax records with
        the company name only. Download the data first if the client asked for a copy.
      </ConfirmModal>
    </SectionCard>
  );
}
