import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { LockForm } from './security/lock-form.tsx';
import { LockStatus } from './security/lock-status.tsx';
import { securityQuery } from './security/security-api.ts';
import { SecurityHelp } from './security/security-help.tsx';

const title = 'Security';
const description = 'See your current IP address and set the one IP allowed into the admin panel.';

export const meta = () => pageMeta(title, description);

export default function AdminSecurityPage() {
  const state = useQuery(securityQuery());
  return (
    <>
      <PageHeader title={title} description={description} />
      <QueryState
        query={state}
        loading="Loading your address…"
        failed="Security settings could not be loaded"
      >
        {(data) => (
          <div className="grid gap-6 lg:grid-cols-2">
            <LockStatus state={data} />
            <LockForm key={data.allowedIp ?? ''} state={data} />
            <SecurityHelp />
          </div>
        )}
      </QueryState>
    </>
  );
}
