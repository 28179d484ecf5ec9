import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Card } from './card.tsx';
import { Spinner } from './spinner.tsx';

// The loading, failed and empty states every list screen needs, in one place, so each
// screen only renders its data.

export function EmptyState({ children }: { children: ReactNode }) {
  return <Card className="text-center text-sm text-slate-600">{children}</Card>;
}

export function QueryState<T>({
  query,
  loading,
  failed,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** e.g. "Loading invoices…" */
  loading: string;
  /** e.g. "Invoices could not be loaded" */
  failed: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError)
    return (
      <Alert title={failed}>
        <p>{query.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (isEmpty?.(query.data) && empty) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}
