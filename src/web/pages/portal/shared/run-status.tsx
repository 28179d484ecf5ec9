import { Badge } from '#web/components/badge.tsx';
import { type RunOutcome, runSentence } from './run-sentence.ts';

/**
 * A run's outcome in a sentence ("Ran successfully in 0.8 s", "The workflow
 * ran into an error"), coloured by how it went: blue while under way, green or red
 * once it ended, amber when interrupted, grey when n8n reports nothing back.
 */
export function RunStatus(run: RunOutcome) {
  const tone =
    run.state === 'running' || run.state === 'following'
      ? 'blue'
      : run.state === 'interrupted'
        ? 'amber'
        : run.state === 'accepted'
          ? 'slate'
          : run.ok
            ? 'green'
            : 'red';
  return <Badge tone={tone}>{runSentence(run)}</Badge>;
}
