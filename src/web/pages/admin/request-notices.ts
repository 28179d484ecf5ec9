import { ApiError } from '#web/lib/api.ts';
import { toast } from '#web/lib/toast.ts';

// The admin notices of SPEC §8 that quote the server: "Status {code}: " plus the first
// 200 characters of its answer (SPEC §9), or "{code}: " plus its message.

export const SNIPPET_LENGTH = 200;

/** What the server said: the message of a JSON error body, else the raw body. */
export function answerText(error: ApiError): string {
  const raw = error.body.trim();
  if (!raw) return error.message;
  try {
    const data: unknown = JSON.parse(raw);
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string')
      return data.message;
  } catch {
    // not JSON: the body itself is the answer
  }
  return raw;
}

export const statusText = (error: ApiError) =>
  `Status ${error.status}: ${answerText(error).slice(0, SNIPPET_LENGTH)}`;

export const codeText = (error: ApiError) => `${error.status}: ${answerText(error)}`;

export const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The request did not complete.';

/**
 * A failed request as a notice: the server's answer under `failed` ("Update failed"),
 * or a network error under `network` ("Update error").
 */
export function notifyFailure(error: unknown, titles: { failed: string; network: string }) {
  if (error instanceof ApiError) {
    toast({ title: titles.failed, text: statusText(error), tone: 'error' });
  } else {
    toast({ title: titles.network, text: errorMessage(error), tone: 'error' });
  }
}
