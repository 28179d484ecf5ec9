import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '#web/components/page-header.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useAccount } from '#web/lib/account.ts';
import { pageMeta } from '#web/lib/meta.ts';
import {
  billingStatusQuery,
  invoicesQuery,
  packagesQuery,
  subscriptionQuery,
} from './billing/billing-api.ts';
import { InvoicesSection } from './billing/invoices-section.tsx';
import { MemberNotice } from './billing/member-notice.tsx';
import { PackagesSection } from './billing/packages-section.tsx';
import { SubscriptionCard } from './billing/subscription-card.tsx';
import { useLoadFailureNotice, useReturnNotice } from './billing/use-billing-notices.ts';

const title = 'Billing';
const description = 'Check your subscription status, choose a plan and download your invoices.';

export const meta = () => pageMeta(title, description);

/** The owner's view (SPEC §2 Billing): status, portal, packages when not active, invoices. */
function OwnerBilling() {
  useReturnNotice();
  const status = useQuery(billingStatusQuery());
  const queries = [
    status,
    useQuery(packagesQuery()),
    useQuery(invoicesQuery()),
    useQuery(subscriptionQuery()),
  ];
  useLoadFailureNotice(Math.max(0, ...queries.map((q) => (q.isError ? q.errorUpdatedAt : 0))));

  return (
    <div className="space-y-10">
      <SubscriptionCard />
      {/* Packages wait for the status: an active subscriber must never see them flash. */}
      {status.data && status.data !== 'active' ? <PackagesSection /> : null}
      <InvoicesSection />
    </div>
  );
}

export default function BillingPage() {
  const { account, isPending } = useAccount();
  return (
    <>
      <PageHeader title={title} description={description} />
      {isPending ? (
        <Spinner label="Loading billing…" />
      ) : account && !account.canManageBilling ? (
        <MemberNotice account={account} />
      ) : (
        <OwnerBilling />
      )}
    </>
  );
}
