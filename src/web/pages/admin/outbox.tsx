import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import type { OutboxItem, OutboxStatus } from '#shared/outbox.ts';
import { Alert } from '#web/components/alert.tsx';
import { Badge, type BadgeTone } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { type FilterOption, SegmentedFilter } from '#web/components/segmented-filter.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { toast } from '#web/lib/toast.ts';
import { MailDialog } from './outbox/mail-dialog.tsx';
import { outboxCalls, outboxKeys, outboxQuery } from './outbox/outbox-api.ts';

// The Outbox (issue 16): every queued, sent and failed mail. Without SMTP it is where
// invites, resets and notices wait, so an admin can open one and pass its link on.

const title = 'Outbox';
const description = 'Every e-mail the platform queued: waiting, sent and failed.';
export const meta = () => pageMeta(title, description);

const filters: FilterOption<OutboxStatus | 'all'>[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Waiting' },
  { value: 'failed', label: 'Failed' },
  { value: 'sent', label: 'Sent' },
];
const tones: Record<OutboxStatus, BadgeTone> = { pending: 'amber', failed: 'red', sent: 'green' };
const statusLabels: Record<OutboxStatus, string> = {
  pending: 'Waiting',
  failed: 'Failed',
  sent: 'Sent',
};

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
          <Badge tone={tones[mail.status]}>{statusLabels[mail.status]}</Badge>
        </p>
        <p className="mt-0.5 text-sm break-all text-slate-600">To {mail.to}</p>
        <p className="mt-0.5 text-sm text-slate-600">
          Queued {formatDateTime(mail.createdAt)}
          {mail.sentAt ? ` · sent ${formatDateTime(mail.sentAt)}` : ''}
          {mail.attempts > 0
            ? ` · ${mail.attempts} ${mail.attempts === 1 ? 'attempt' : 'attempts'}`
            : ''}
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

export default function AdminOutboxPage() {
  const [status, setStatus] = useState<OutboxStatus | 'all'>('all');
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<OutboxItem | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const pages = useInfiniteQuery(outboxQuery(status));
  const first = pages.data?.pages[0];
  const mails = pages.data?.pages.flatMap((page) => page.mails) ?? [];

  const act = async (work: () => Promise<{ message: string }>, done: string) => {
    setBusy(true);
    try {
      const { message } = await work();
      toast({ title: done, text: message, tone: 'success' });
      await queryClient.invalidateQueries({ queryKey: outboxKeys.all });
    } catch (error) {
      notifyFailure(error, { failed: 'Failed', network: 'Failed' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          first ? (
            <p className="text-sm text-slate-600">
              {first.counts.pending} waiting · {first.counts.failed} failed · {first.counts.sent}{' '}
              sent
            </p>
          ) : null
        }
      />
      {first && !first.smtpConfigured ? (
        <div className="mb-6">
          <Alert title="E-mail is not set up">
            SMTP_URL is not set, so nothing here is sent. Open a waiting message to copy its link
            and pass it on yourself, or set SMTP_URL and restart to send them.
          </Alert>
        </div>
      ) : null}
      <SegmentedFilter
        legend="Show messages"
        name="outbox-filter"
        options={filters}
        value={status}
        onChange={setStatus}
        className="mb-4"
      />
      {pages.isPending ? <Spinner label="Loading messages…" /> : null}
      {pages.isError ? (
        <Alert title="The outbox could not be loaded">
          <p>{pages.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => pages.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {pages.isSuccess && mails.length === 0 ? (
        <p className="text-sm text-slate-600">No messages here.</p>
      ) : null}
      {mails.length > 0 ? (
        <ul
          aria-label="Messages"
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white px-4 sm:px-5"
        >
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
        </ul>
      ) : null}
      {pages.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => pages.fetchNextPage()}
            disabled={pages.isFetchingNextPage}
          >
            {pages.isFetchingNextPage ? 'Loading…' : 'Show older messages'}
          </Button>
        </div>
      ) : null}
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
