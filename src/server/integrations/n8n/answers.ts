// Reading n8n's answers. A "respond immediately" webhook answers
// {"message":"Workflow was started"} before the workflow runs; n8n's error answers are
// JSON {code, message, hint?, stacktrace?} whose stack trace names files on the n8n
// server, which a client must never see.

/** Characters of an answer kept on a run. */
export const SNIPPET_LENGTH = 300;

export function isWorkflowStarted(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as unknown;
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      (parsed as { message?: unknown }).message === 'Workflow was started'
    );
  } catch {
    return false;
  }
}

/** An error answer reduced to what a person can read: its message (and n8n's hint). */
export function readableUpstreamError(body: string): string {
  const fromJson = messageOf(body);
  const text = fromJson ?? withoutStackLines(body);
  return text.slice(0, SNIPPET_LENGTH);
}

function messageOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; hint?: unknown };
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.message !== 'string') {
      return null;
    }
    const hint = typeof parsed.hint === 'string' ? ` ${parsed.hint}` : '';
    return withoutStackLines(`${parsed.message}${hint}`);
  } catch {
    return null;
  }
}

/**
 * Drops stack frames and absolute file paths from plain-text answers. A path counts only
 * where it starts a word: "POST clients/acme/run" (a webhook path) and URLs stay readable.
 */
function withoutStackLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*at\s/.test(line))
    .join('\n')
    .replace(/(?<![\w.:/])(?:[A-Za-z]:)?(?:\/[\w.@-]+){2,}(?::\d+)*/g, '…')
    .trim();
}
