import type { OutboundResponse } from '#server/integrations/http/outbound.ts';
import type { RunAnswer } from '#shared/run-answers.ts';

// A webhook's answer as a run can keep it. n8n answers files as they are (a PDF, an image,
// a ZIP from "Respond With: Binary File"); their bytes hold NUL, which PostgreSQL's text
// columns refuse, so an answer is text only when its type says so (or it has none) and
// its bytes are UTF-8 without NUL. Of the rest only the type and size are kept.

const TEXT_TYPE =
  /^(text\/|application\/(json|xml|javascript|ecmascript|x-www-form-urlencoded|x-ndjson)\b|application\/[\w.+-]+\+(json|xml)\b)/i;

export interface ReadAnswer {
  answer: RunAnswer;
  /** The answer as text; null for a binary one. */
  text: string | null;
}

export function readAnswer(
  response: Pick<OutboundResponse, 'raw' | 'contentType' | 'bytes' | 'cut'>,
): ReadAnswer {
  const { raw, contentType, bytes, cut } = response;
  const typedAsText = !contentType?.trim() || TEXT_TYPE.test(contentType.trim());
  const text = typedAsText ? utf8Text(raw, cut) : null;
  return { answer: { contentType, bytes, cut, binary: text === null }, text };
}

/** The bytes as text, or null when they hold NUL or are not UTF-8. */
function utf8Text(raw: Buffer, cut: boolean): string | null {
  if (raw.includes(0)) return null;
  try {
    // A cut answer may end inside a character: `stream` leaves that tail undecoded.
    return new TextDecoder('utf-8', { fatal: true }).decode(raw, { stream: cut });
  } catch {
    return null;
  }
}

/** Text a database column takes: PostgreSQL's text and jsonb refuse the NUL character. */
export const storable = (text: string) => text.replaceAll('\u0000', '');
