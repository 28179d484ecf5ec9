import { useQuery } from '@tanstack/react-query';
import type { CheckKey } from '#shared/environment.ts';
import { paths } from '#shared/paths.ts';
import { Badge } from '#web/components/badge.tsx';
import { ItemRow, SectionFrame } from './item-section.tsx';
import { environmentChecksQuery } from './today-api.ts';
import { failingChecks } from './today-text.ts';

// The environment checks that fail, among those this configuration uses. They call out
// (n8n, SMTP, Stripe) and may take seconds, so they load after the rest of Today and never
// hold it up; a check that could not run at all says so in one line.

export function useFailingChecks(keys: readonly CheckKey[]) {
  const checks = useQuery(environmentChecksQuery(keys.length > 0));
  const failing = checks.data ? failingChecks(checks.data, keys) : [];
  return { checks, failing };
}

export function EnvironmentSection({ checks, failing }: ReturnType<typeof useFailingChecks>) {
  if (checks.isPending && checks.fetchStatus === 'fetching') {
    return (
      <p role="status" className="text-sm text-slate-600">
        Running the environment checks…
      </p>
    );
  }
  if (checks.isError) {
    return (
      <p role="status" className="text-sm text-slate-600">
        The environment checks could not be run: {checks.error.message}
      </p>
    );
  }
  if (failing.length === 0) return null;
  return (
    <SectionFrame
      id="environment"
      title="Environment checks failing"
      total={failing.length}
      shown={failing.length}
      seeAll={{ to: paths.adminEnvironment, text: 'Open Environment' }}
    >
      {failing.map((check) => (
        <ItemRow
          key={check.key}
          item={{
            id: check.key,
            kind: 'alert',
            title: check.details,
            detail: null,
            at: null,
            href: paths.adminEnvironment,
          }}
          badge={<Badge tone="red">Fails</Badge>}
        />
      ))}
    </SectionFrame>
  );
}
