import { ApiError, failureMessage, serverMessageOf, UNREACHABLE } from './api.ts';
import { toast } from './toast.ts';

// The words of every failed request (SPEC §8), so no screen reads an error body itself:
// - the server's *answer* is the message of a JSON body, else the body as it came (a
//   workflow's plain text, a proxy's HTML), else ApiError's stand-in for an empty body;
// - "Status {code}: " quotes the first 120 (trigger) or 200 characters of it (SPEC §9);
// - a request that got no answer shows the error's own text, or a fixed sentence.
// Screens pick the title (SPEC §8 names one per action); this module gives the text.

export const SNIPPET = { trigger: 120, default: 200 } as const;

export { failureMessage, UNREACHABLE };

export interface Notice {
  title: string;
  text: string;
}

/** What an answer's body says: its JSON message, else the body itself, trimmed. */
export const bodyAnswer = (body: string) => serverMessageOf(body) ?? body.trim();

/** What the server said in a failed answer; ApiError's stand-in when it said nothing. */
export const answerText = (error: ApiError) => bodyAnswer(error.body) || error.message;

/** "Status {code}: " plus the first `length` characters of `answer` (SPEC §8, §9). */
export const statusLine = (status: number, answer: string, length: number = SNIPPET.default) =>
  `Status ${status}: ${answer.slice(0, length)}`;

export const statusText = (error: ApiError, length?: number) =>
  statusLine(error.status, answerText(error), length);

/** "{code}: " plus the whole answer (admin client and CRM notices). */
export const codeText = (error: ApiError) => `${error.status}: ${answerText(error)}`;

/** A request that got no answer: the error's own text, else `fallback`. */
export const networkText = (error: unknown, fallback = 'The request did not complete.') =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * "Update failed" with "Status {code}: " and the answer when the server answered, else
 * "Update error" with the error's text: the admin notices of SPEC §8.
 */
export function requestFailure(
  error: unknown,
  titles: { failed: string; network: string },
): Notice {
  return error instanceof ApiError
    ? { title: titles.failed, text: statusText(error) }
    : { title: titles.network, text: networkText(error) };
}

/** The server's message; `fallback` when it answered without one, `network` when not. */
export const messageOr = (error: unknown, fallback: string, network: string) =>
  error instanceof ApiError ? (error.serverMessage ?? fallback) : network;

/** A failed save (SPEC §8 Settings): the server's message, or "Status {code}". */
export const saveFailureText = (error: unknown) =>
  error instanceof ApiError
    ? (error.serverMessage ?? `Status ${error.status}`)
    : networkText(error, UNREACHABLE);

/** Shows `requestFailure` as an error toast. */
export const notifyFailure = (error: unknown, titles: { failed: string; network: string }) =>
  toast({ ...requestFailure(error, titles), tone: 'error' });
