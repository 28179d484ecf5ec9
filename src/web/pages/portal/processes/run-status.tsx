import type { RunState } from '#shared/runs.ts';
import { Badge } from '#web/components/badge.tsx';

interface RunStatusProps {
  state: RunState;
  /** Null while the run is under way. */
  ok: boolean | null;
  statusCode: number | null;
}

/**
 * Running, Interrupted (the server stopped before the webhook answered), or Succeeded /
 * Failed with the webhook's status code when there was one.
 */
export function RunStatus({ state, ok, statusCode }: RunStatusProps) {
  if (state === 'running') return <Badge tone="blue">Running</Badge>;
  if (state === 'interrupted') return <Badge tone="amber">Interrupted</Badge>;
  return (
    <Badge tone={ok ? 'green' : 'red'}>
      {ok ? 'Succeeded' : 'Failed'}
      {statusCode === null ? ' · no answer' : ` · ${statusCode}`}
    </Badge>
  );
}
