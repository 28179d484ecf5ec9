import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import type { OutboxItem, OutboxStatus } from '#shared/outbox.ts';
import { Alert } from '#web/components/alert.tsx';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { MailDialog } from './mail-dialog.tsx';
import { outboxCalls, outboxQuery } from './outbox-api.ts';
import { PagedList, Rows, StatusBar } from './paged-list.tsx';
import { attemptsText, statusLabels, statusTones } from './statuses.ts';
import { useOutboxAction } from './use-outbox-action.ts';

// The Outbox's e-mail: every queued, sent and failed mail. Without SMTP it is where
// invites, resets and notices wait, so an admin can open one and pass its link on.

function MailRow({
  mail,
  onOpen,
  onResend,
  onDelete,
  busy,
}: {
  mail: OutboxItem;
  onOpen: () => void;
  onResend: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 py-4">
      <div className="min-w-0 grow basis-72">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words text-slate-900">{mail.subject}</span>
          <Badge tone={statusTones[mail.status]}>{statusLabels[mail.status]}</Badge>
        </p>
        <p className="mt-0.5 text-sm break-all text-slate-600">To {mail.to}</p>
        <p className="mt-0.5 text-sm text-slate-600">
          Queued {formatDateTime(mail.createdAt)}
          {mail.sentAt ? ` · sent ${formatDateTime(mail.sentAt)}` : ''}
          {attemptsText(mail.attempts)}
        </p>
        {mail.lastError && mail.status !== 'sent' ? (
          <p className="mt-1 text-sm break-words text-red-700">Last error: {mail.lastError}</p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={onOpen}
          aria-label={`View: ${mail.subject} to ${mail.to}`}
        >
          View
        </Button>
        {mail.status !== 'pending' ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={onResend}
            disabled={busy}
            aria-label={`Send again: ${mail.subject} to ${mail.to}`}
          >
            Send again
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          onClick={onDelete}
          disabled={busy}
          aria-label={`Delete: ${mail.subject} to ${mail.to}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

export function MailList() {
  const [status, setStatus] = useState<OutboxStatus | 'all'>('all');
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<OutboxItem | null>(null);
  const { busy, act } = useOutboxAction();
  const pages = useInfiniteQuery(outboxQuery(status));
  const first = pages.data?.pages[0];
  const mails = pages.data?.pages.flatMap((page) => page.mails) ?? [];

  return (
    <>
      {first && !first.smtpConfigured ? (
        <div className="mb-6">
          <Alert title="E-mail is not set up">
            SMTP_URL is not set, so nothing here is sent. Open a waiting message to copy its link
            and pass it on yourself, or set SMTP_URL and restart to send them.
          </Alert>
        </div>
      ) : null}
      <StatusBar
        legend="Show messages"
        name="outbox-filter"
        value={status}
        onChange={setStatus}
        counts={first?.counts}
      />
      <PagedList pages={pages} count={mails.length} noun="messages">
        <Rows label="Messages">
          {mails.map((mail) => (
            <MailRow
              key={mail.id}
              mail={mail}
              busy={busy}
              onOpen={() => setOpen(mail.id)}
              onResend={() => act(() => outboxCalls.resend(mail.id), 'Queued again')}
              onDelete={() => setDeleting(mail)}
            />
          ))}
        </Rows>
      </PagedList>
      {open ? <MailDialog id={open} onClose={() => setOpen(null)} /> : null}
      <ConfirmModal
        open={deleting !== null}
        title="Delete this message?"
        confirmLabel={busy ? 'Deleting…' : 'Delete message'}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await act(() => outboxCalls.remove(deleting.id), 'Deleted');
          setDeleting(null);
        }}
      >
        The message to {deleting?.to} (“{deleting?.subject}”) is removed for good and will not be
        sent.
      </ConfirmModal>
    </>
  );
}
