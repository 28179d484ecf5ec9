import { useState } from 'react';
import type { InputValues } from '#shared/process-inputs.ts';
import type { MyProcess } from '#shared/processes.ts';
import { Button } from '#web/components/button.tsx';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { needsRepeatConfirm, sinceManualStart } from './run-facts.ts';
import { RunInputsDialog } from './run-inputs-dialog.tsx';
import { useTrigger } from './use-trigger.ts';

// Run workflow (SPEC §2): one click for a process without inputs, a dialog for
// one with inputs, and a question first when it was started by hand moments ago.

function secondsText(ms: number) {
  const seconds = Math.max(1, Math.round(ms / 1000));
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

export function RunButton({ process }: { process: MyProcess }) {
  const trigger = useTrigger(process._id);
  const [pressedAt, setPressedAt] = useState<number | null>(null);
  const [repeatSince, setRepeatSince] = useState<number | null>(null);
  const [inputsOpen, setInputsOpen] = useState(false);
  const hasInputs = process.inputFields.length > 0;

  const run = (inputs?: InputValues) => {
    setPressedAt(Date.now());
    return trigger.mutateAsync(inputs);
  };

  const begin = () => {
    setRepeatSince(null);
    if (hasInputs) setInputsOpen(true);
    else run().catch(() => undefined); // told by useTrigger's notices
  };

  const press = () => {
    const since = sinceManualStart(process.lastRun, pressedAt, Date.now());
    if (needsRepeatConfirm(since)) setRepeatSince(since);
    else begin();
  };

  return (
    <>
      <Button size="sm" onClick={press} disabled={trigger.isPending}>
        {trigger.isPending ? 'Running…' : 'Run workflow'}
      </Button>
      <ConfirmModal
        open={repeatSince !== null}
        title="Run it again?"
        confirmLabel="Run again"
        confirmVariant="primary"
        onConfirm={begin}
        onCancel={() => setRepeatSince(null)}
      >
        {process.name} was started {secondsText(repeatSince ?? 0)} ago. Running it again starts the
        workflow a second time.
      </ConfirmModal>
      {hasInputs ? (
        <RunInputsDialog
          process={process}
          open={inputsOpen}
          busy={trigger.isPending}
          onClose={() => setInputsOpen(false)}
          onRun={async (inputs) => {
            await run(inputs);
            setInputsOpen(false);
          }}
        />
      ) : null}
    </>
  );
}
