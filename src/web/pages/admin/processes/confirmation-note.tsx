import { useQuery } from '@tanstack/react-query';
import { unconfirmableAnswers } from '#shared/run-answers.ts';
import { confirmationQuery } from './processes-api.ts';

// Under the workflow ID: whether this process's runs will be confirmed against n8n's
// executions, and when not, which answers then say nothing of how the workflow ended
// (docs/decisions/024-runs-confirmed-by-n8n.md).

export function ConfirmationNote({ workflowId }: { workflowId: string | null | undefined }) {
  const confirmation = useQuery(confirmationQuery);
  if (!confirmation.data) return null;
  const hasWorkflowId = !!workflowId?.trim();
  if (confirmation.data.n8nApi && hasWorkflowId) {
    return (
      <p className="text-sm text-slate-600">
        Each run is confirmed against n8n's execution of it: the run history says how n8n recorded
        it, with the failing node's message.
      </p>
    );
  }
  const why = confirmation.data.n8nApi
    ? 'Without a workflow ID, runs cannot be confirmed against n8n’s executions.'
    : 'The n8n API is not configured (N8N_API_URL and N8N_API_KEY), so runs cannot be confirmed against n8n’s executions.';
  return (
    <div
      role="note"
      aria-label="Runs that cannot be confirmed"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <p>{why} These answers are recorded as they came, whatever n8n records later:</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {unconfirmableAnswers.map((answer) => (
          <li key={answer}>{answer}</li>
        ))}
      </ul>
    </div>
  );
}
