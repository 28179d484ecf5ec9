import { Badge } from '#web/components/badge.tsx';

/** Succeeded or Failed, with the webhook's status code when there was one. */
export function RunStatus({ ok, statusCode }: { ok: boolean; statusCode: number | null }) {
  return (
    <Badge tone={ok ? 'green' : 'red'}>
      {ok ? 'Succeeded' : 'Failed'}
      {statusCode === null ? ' · no answer' : ` · ${statusCode}`}
    </Badge>
  );
}
