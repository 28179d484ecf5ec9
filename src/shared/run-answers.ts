import { z } from 'zod';

// What a run keeps of the webhook's answer and of how it failed, and what a client reads of
// it (docs/decisions/024-runs-confirmed-by-n8n.md). The answer's bytes are never stored:
// its content type, its size and, for a text answer, the start of its text.

/** What the webhook answered, beyond its status; null on a run that got no answer. */
export const RunAnswerSchema = z.object({
  contentType: z.string().nullable(),
  /** The whole answer's size, also when only its start was read. */
  bytes: z.number(),
  /** Longer than the server reads (ANSWER_READ_BYTES): only its start was read. */
  cut: z.boolean(),
  /** A file or other bytes that are not text: no preview is kept. */
  binary: z.boolean(),
});
export type RunAnswer = z.infer<typeof RunAnswerSchema>;

/** How much of a webhook's answer the server reads; the rest is counted and dropped. */
export const ANSWER_READ_BYTES = 64 * 1024;

/**
 * Why a run failed: no answer in time (timeout), n8n not reachable (unreachable), an
 * address the server may not call (refused), an error status from the webhook (status),
 * or n8n's own record of the execution (execution: its failing node and message).
 */
export const runErrorKinds = ['timeout', 'unreachable', 'refused', 'status', 'execution'] as const;
export type RunErrorKind = (typeof runErrorKinds)[number];

export const runErrorTexts = {
  unreachable: 'n8n is not answering.',
  refused: "This server may not call the workflow's address.",
} as const;

/** The error of a run that got no answer within the process's timeout. */
export const timeoutText = (seconds: number) =>
  `No answer within ${seconds} s: the workflow may still be running in n8n.`;

/**
 * What a client reads of a run's error: n8n's address and the workflow's stay with the
 * admins (the audit log and the admin's test keep them), every other error is read as is.
 */
export function clientRunError(kind: RunErrorKind | null, error: string | null): string | null {
  if (kind === 'unreachable' || kind === 'refused') return runErrorTexts[kind];
  return error;
}

/** "12 B", "12.3 KB", "4.0 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "application/pdf, 12.3 KB", "text/plain, 80.0 KB (only its first 64.0 KB were read)". */
export function answerSummary(answer: RunAnswer): string {
  const type = answer.contentType?.split(';')[0]?.trim() || 'no content type';
  const cut = answer.cut ? ` (only its first ${formatBytes(ANSWER_READ_BYTES)} were read)` : '';
  return `${type}, ${formatBytes(answer.bytes)}${cut}`;
}

/** What Run shows for an answer it cannot show as text. */
export const binaryAnswerText = (answer: RunAnswer) =>
  `The workflow answered a file (${answerSummary(answer)}); files are not shown here.`;

/** The line added under an answer that was cut. */
export const cutAnswerNote = (answer: RunAnswer) =>
  `[The answer was cut: only its first ${formatBytes(ANSWER_READ_BYTES)} of ${formatBytes(answer.bytes)} were read.]`;

/** An answer as Run and the admin's test show it: its text, said to be cut, or a file. */
export function shownAnswer(body: string, answer: RunAnswer | null): string {
  if (!answer) return body;
  if (answer.binary) return binaryAnswerText(answer);
  return answer.cut ? `${body}\n\n${cutAnswerNote(answer)}` : body;
}

/** Answers that say nothing of how the workflow ends, unless n8n's execution is read. */
export const unconfirmableAnswers = [
  '“Respond: Immediately” (“Workflow was started” is recorded as accepted, a custom answer as a success)',
  'a Respond to Webhook node that answers before the last node has run',
  'a Wait of 65 s or more: n8n answers at once with the Webhook node’s data',
  'a last node that fails: n8n answers only “Error in workflow”',
] as const;
