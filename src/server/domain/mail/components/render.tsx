import { createContext, type ReactElement, type ReactNode, useContext } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

// One component gives both parts of a mail. Rendered normally it is the HTML part
// (react-email's render); rendered inside TextPart every component of this folder writes
// plain text instead (paragraphs split by blank lines, a button as its address, details as
// "Label: value" lines). So the HTML and the text come from the same props and say the
// same thing.

const TextPart = createContext(false);

/** True while the plain-text part is rendered: components write text, not markup. */
export const useTextPart = () => useContext(TextPart);

/** React escapes these five in text; the plain-text part needs them back as they were. */
const ESCAPED: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&amp;': '&',
};

function unescapeText(markup: string): string {
  return markup.replace(/&(?:lt|gt|quot|#x27|amp);/g, (entity) => ESCAPED[entity] ?? entity);
}

/** The plain-text part of a mail component. */
export function renderText(element: ReactElement): string {
  const text = unescapeText(renderToStaticMarkup(<TextPart value={true}>{element}</TextPart>));
  // Each block ends with a blank line; trailing spaces and extra blank lines go.
  return `${text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The HTML part of a mail component: an XHTML document, as mail clients expect, with the
 * doctype react-email's `render` gives. Rendered at once rather than through `render`,
 * which streams: React's streaming renderer runs inside an AsyncLocalStorage, and the
 * first one switches on Node's promise hooks for the rest of the process, a cost every
 * request then pays. The components are synchronous, so nothing waits on a stream.
 */
export function renderHtml(element: ReactElement): Promise<string> {
  const markup = renderToStaticMarkup(element).replace(/^<!DOCTYPE[^>]*>/i, '');
  return Promise.resolve(`${XHTML_DOCTYPE}${markup}`);
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Both parts of a mail and its subject: what queueMail takes besides to and kind. */
export async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  return { subject, text: renderText(element), html: await renderHtml(element) };
}

export type Children = { children?: ReactNode };
