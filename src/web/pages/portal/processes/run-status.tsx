import type { RunState } from '#shared/runs.ts';
import { Badge } from '#web/components/badge.tsx';

interface RunStatusProps {
  state: RunState;
  /** Null while the run is under way. */
  ok: boolean | null;
  statusCode: number | null;
  /** The outcome is n8n's execution record, not the webhook's answer: no status code. */
  confirmedByN8n?: boolean;
}

/**
 * Running, Interrupted (the server stopped before the webhook answered), Waiting for n8n
 * (n8n started the workflow; its execution record will tell how it ended), Accepted by n8n
 * (started, outcome not known here), Succeeded / Failed in n8n (its execution record), or
 * Succeeded / Failed with the webhook's status code when there was one.
 */
export function RunStatus({ state, ok, statusCode, confirmedByN8n = false }: RunStatusProps) {
  if (state === 'running') return <Badge tone="blue">Running</Badge>;
  if (state === 'interrupted') return <Badge tone="amber">Interrupted</Badge>;
  if (state === 'following') return <Badge tone="blue">Waiting for n8n</Badge>;
  if (state === 'accepted') return <Badge tone="slate">Accepted by n8n</Badge>;
  return (
    <Badge tone={ok ? 'green' : 'red'}>
      {ok ? 'Succeeded' : 'Failed'}
      {confirmedByN8n ? ' in n8n' : statusCode === null ? ' · no answer' : ` · ${statusCode}`}
    </Badge>
  );
}
