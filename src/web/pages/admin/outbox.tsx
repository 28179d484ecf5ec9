import { useInfiniteQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '#web/components/page-header.tsx';
import { TabSet } from '#web/components/tab-set.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { MailList } from './outbox/mail-list.tsx';
import { webhookDeliveriesQuery } from './outbox/outbox-api.ts';
import { WebhookList } from './outbox/webhook-list.tsx';

// The Outbox: every e-mail, and every run notice for a person's webhook, the
// platform queued: waiting, sent and failed. Two tabs; the chosen one is in the address
// (#webhooks), so a link can open the failed notices.

const title = 'Outbox';
const description =
  'Every e-mail and webhook notice the platform queued: waiting, sent and failed.';
export const meta = () => pageMeta(title, description);

export default function AdminOutboxPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  // Shared with the webhook tab's first page: the tab says when notices failed.
  const failed = useInfiniteQuery(webhookDeliveriesQuery('all')).data?.pages[0]?.counts.failed;
  return (
    <>
      <PageHeader title={title} description={description} />
      <TabSet
        label="Outbox"
        selected={hash === '#webhooks' ? 'webhooks' : 'mail'}
        onSelect={(id) => navigate({ hash: id }, { replace: true, preventScrollReset: true })}
        tabs={[
          { id: 'mail', label: 'E-mail', content: <MailList /> },
          {
            id: 'webhooks',
            label: failed ? `Webhook notices (${failed} failed)` : 'Webhook notices',
            content: <WebhookList />,
          },
        ]}
      />
    </>
  );
}
