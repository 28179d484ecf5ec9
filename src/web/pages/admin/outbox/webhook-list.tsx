import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import type { OutboxStatus, WebhookDelivery } from '#shared/outbox.ts';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { outboxCalls, webhookDeliveriesQuery } from './outbox-api.ts';
import { PagedList, Rows, StatusBar } from './paged-list.tsx';
import { attemptsText, statusLabels, statusTones } from './statuses.ts';
import { useOutboxAction } from './use-outbox-action.ts';

// The Outbox's webhook notices: run notices sent to people's own webhooks, retried for a
// day, failed ones first. Who each was for and what went wrong, never the address or the
// signing secret (a Slack webhook's address is its key).

const eventLabels: Record<string, string> = {
  'run.failed': 'Notice of a failed run',
  'run.skipped': 'Notice of a skipped run',
};

function WebhookRow({
  delivery,
  onResend,
  busy,
}: {
  delivery: WebhookDelivery;
  onResend: () => void;
  busy: boolean;
}) {
  const { to, status } = delivery;
  const what = eventLabels[delivery.event] ?? delivery.event;
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 py-4">
      <div className="min-w-0 grow basis-72">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{what}</span>
          <Badge tone={statusTones[status]}>{statusLabels[status]}</Badge>
        </p>
        <p className="mt-0.5 text-sm break-words text-slate-600">
          For {to.name} · {to.email}
        </p>
        <p className="mt-0.5 text-sm text-slate-600">
          Queued {formatDateTime(delivery.createdAt)}
          {delivery.sentAt ? ` · delivered ${formatDateTime(delivery.sentAt)}` : ''}
          {status === 'pending' ? ` · next try ${formatDateTime(delivery.nextAttemptAt)}` : ''}
          {attemptsText(delivery.attempts)}
        </p>
        {delivery.lastError && status !== 'sent' ? (
          <p className="mt-1 text-sm break-words text-red-700">Last error: {delivery.lastError}</p>
        ) : null}
      </div>
      {status === 'failed' ? (
        <div className="flex shrink-0 gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={onResend}
            disabled={busy}
            aria-label={`Send again: ${what} for ${to.email}`}
          >
            Send again
          </Button>
        </div>
      ) : null}
    </li>
  );
}

export function WebhookList() {
  const [status, setStatus] = useState<OutboxStatus | 'all'>('all');
  const { busy, act } = useOutboxAction();
  const pages = useInfiniteQuery(webhookDeliveriesQuery(status));
  const first = pages.data?.pages[0];
  const deliveries = pages.data?.pages.flatMap((page) => page.deliveries) ?? [];
  return (
    <>
      <p className="mb-4 max-w-prose text-sm text-slate-600">
        Run notices for people’s own webhooks. One the listener does not take is tried again for a
        day, then shown here as failed.
      </p>
      <StatusBar
        legend="Show webhook notices"
        name="webhook-filter"
        value={status}
        onChange={setStatus}
        counts={first?.counts}
        sentWord="delivered"
      />
      <PagedList pages={pages} count={deliveries.length} noun="webhook notices">
        <Rows label="Webhook notices">
          {deliveries.map((delivery) => (
            <WebhookRow
              key={delivery.id}
              delivery={delivery}
              busy={busy}
              onResend={() => act(() => outboxCalls.resendWebhook(delivery.id), 'Queued again')}
            />
          ))}
        </Rows>
      </PagedList>
    </>
  );
}
