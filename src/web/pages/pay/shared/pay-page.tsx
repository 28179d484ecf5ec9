import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { billingApiMessages, type PaySession } from '#shared/billing-api.ts';
import { formatTime } from '#shared/dates.ts';
import { paths } from '#shared/paths.ts';
import { QueryProvider } from '#web/app/query-provider.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Button, ButtonLink } from '#web/components/button.tsx';
import { Spinner } from '#web/components/spinner.tsx';
// A signed-in reader sees times in their own zone here too (Profile).
import '#web/lib/reader-zone.ts';
import { ApiError } from '#web/lib/api.ts';
import { failureMessage } from '#web/lib/failure-text.ts';
import { paySessionQuery } from './pay-api.ts';
import { PayFrame } from './pay-frame.tsx';

// What every token page shares: read the session behind the token, show loading, an
// expired or used link (the server's message and the way back to Billing), a failure
// to load, and otherwise the page itself with the session.

const backToBilling = (
  <Link to={paths.billing} className="font-semibold text-brand-700 hover:underline">
    Back to Billing
  </Link>
);

function LinkGone({ label, message }: { label: string; message: string }) {
  return (
    <PayFrame label={label} title="This link can no longer be used">
      <Alert tone="info">{message}</Alert>
      <ButtonLink to={paths.billing} className="mt-6 w-full sm:w-auto">
        Back to Billing
      </ButtonLink>
    </PayFrame>
  );
}

interface PayPageProps {
  kind: PaySession['kind'];
  label: string;
  title: string;
  description?: (session: PaySession) => ReactNode;
  children: (session: PaySession, token: string) => ReactNode;
}

function PaySessionView({ kind, label, title, description, children }: PayPageProps) {
  const { token = '' } = useParams();
  const query = useQuery(paySessionQuery(token));

  if (query.isPending) {
    return (
      <PayFrame label={label} title={title}>
        <Spinner label="Loading your secure page…" />
      </PayFrame>
    );
  }
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 404) {
      return <LinkGone label={label} message={error.message} />;
    }
    return (
      <PayFrame label={label} title={title} footer={backToBilling}>
        <Alert title="This page could not be loaded">
          <p>{failureMessage(error, 'Check your connection and try again.')}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Alert>
      </PayFrame>
    );
  }
  const session = query.data;
  // A link of another kind pasted into this page (e.g. a portal link on /pay/invoice).
  if (session.kind !== kind)
    return <LinkGone label={label} message={billingApiMessages.sessionGone} />;

  return (
    <PayFrame
      label={label}
      title={title}
      description={description?.(session)}
      footer={
        <>
          <p>
            This secure link {kind === 'invoice' ? '' : 'works once and '}expires at{' '}
            {formatTime(session.expiresAt)}. Do not share it.
          </p>
          <p className="mt-2">{backToBilling}</p>
        </>
      }
    >
      {children(session, token)}
    </PayFrame>
  );
}

/** A token page: public, no sign-in; the token in the address authorises. */
export function PayPage(props: PayPageProps) {
  return (
    <QueryProvider>
      <PaySessionView {...props} />
    </QueryProvider>
  );
}
