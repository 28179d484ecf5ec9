import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminProcess, ProcessTestResult } from '#shared/processes.ts';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { messageOr, notifyFailure } from '#web/lib/failure-text.ts';
import { readableBody } from '#web/lib/readable-body.ts';
import { toast } from '#web/lib/toast.ts';
import { processCalls } from './processes-api.ts';

// An admin's Test Request (SPEC §2, §8): it calls the client's live workflow as a real run
// would, so it asks first and sends nothing on Cancel. The notice says how it went; the
// row keeps the answer to read until cleared.

/** What n8n's execution of the test says beyond the answer (docs/decisions/024). */
function testNote({ state, n8nExecutionId }: ProcessTestResult): string | null {
  const execution = n8nExecutionId ? ` (execution ${n8nExecutionId})` : '';
  if (state === 'following') {
    return `n8n is still running the workflow${execution}: how it ends will appear in the client's run history.`;
  }
  if (state === 'accepted')
    return 'n8n only said it started the workflow; how it ends is not reported back.';
  return n8nExecutionId ? `Confirmed by n8n${execution}.` : null;
}

interface Outcome {
  ok: boolean;
  line: string;
  note: string | null;
  body: string;
}

function TestOutcome({ outcome, onClear }: { outcome: Outcome; onClear: () => void }) {
  return (
    <section
      aria-label="Last test request"
      aria-live="polite"
      className={`mt-4 rounded-lg border px-4 py-3 text-sm ${outcome.ok ? 'border-green-200 bg-green-50' : 'border-red-200 bg-red-50'}`}
    >
      <p className="flex flex-wrap items-center justify-between gap-2 font-medium text-slate-900">
        <span>Test request: {outcome.line}</span>
        <button
          type="button"
          onClick={onClear}
          className="text-sm font-medium text-slate-700 underline-offset-2 hover:underline"
        >
          Clear
        </button>
      </p>
      {outcome.note ? <p className="mt-1 text-slate-800">{outcome.note}</p> : null}
      {outcome.body ? (
        <pre className="mt-2 max-h-40 overflow-auto font-mono text-xs whitespace-pre-wrap wrap-anywhere text-slate-800">
          {readableBody(outcome.body)}
        </pre>
      ) : null}
    </section>
  );
}

/** Test Request for one process: `ask` opens the question, `dialog` and `result` render. */
export function useTestRequest(process: AdminProcess, clientName: string) {
  const [asking, setAsking] = useState(false);
  const test = useMutation({
    mutationFn: () => processCalls.test(process._id),
    onSuccess: (result) =>
      toast({
        title: 'Test sent',
        text: `Status ${result.status} in ${result.durationMs} ms`,
        tone: 'success',
      }),
    onError: (error) => notifyFailure(error, { failed: 'Test failed', network: 'Test failed' }),
  });
  const outcome: Outcome | null = test.isSuccess
    ? {
        ok: test.data.ok,
        line: `Status ${test.data.status} in ${test.data.durationMs} ms`,
        note: testNote(test.data),
        body: test.data.body,
      }
    : test.isError
      ? {
          ok: false,
          line: 'Test failed',
          note: null,
          body: messageOr(test.error, 'No answer.', 'The request did not reach the server.'),
        }
      : null;

  const dialog = (
    <ConfirmModal
      open={asking}
      title="Send a test request?"
      confirmLabel="Send test request"
      confirmVariant="primary"
      onCancel={() => setAsking(false)}
      onConfirm={() => {
        setAsking(false);
        test.mutate();
      }}
    >
      <p>
        <strong className="break-words">{process.name}</strong> is{' '}
        <strong className="break-words">{clientName}</strong>’s live workflow. A test request runs
        it now, as a real run would: whatever it does (sending mail, changing records, taking
        payments) happens for real, and the run appears in the client’s run history.
      </p>
    </ConfirmModal>
  );
  return {
    ask: () => setAsking(true),
    pending: test.isPending,
    dialog,
    result: outcome ? <TestOutcome outcome={outcome} onClear={() => test.reset()} /> : null,
  };
}
