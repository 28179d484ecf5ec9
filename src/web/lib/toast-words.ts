// What a notice shows of its text: never the title again (toaster.tsx). Apart from
// toast.ts, which every page loads, since only a shown notice needs it.

const fold = (value: string) =>
  value
    .trim()
    .replace(/[.!]+$/, '')
    .toLowerCase();

/**
 * The text without the title it repeats: "Test failed" over "Test failed: no answer"
 * reads "No answer"; a text that is only the title is dropped.
 */
export function bodyBesideTitle(title: string, text: string): string {
  const body = text.trim();
  if (fold(body) === fold(title)) return '';
  const head = title.trim().replace(/[.!]+$/, '');
  if (!head || body.slice(0, head.length).toLowerCase() !== head.toLowerCase()) return body;
  const rest = body.slice(head.length);
  const separator = /^\s*[:.,;!—–-]+\s*/.exec(rest);
  if (!separator) return body;
  const after = rest.slice(separator[0].length);
  return after ? after.charAt(0).toUpperCase() + after.slice(1) : '';
}

const words = (value: string) => value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether every word of the title is a word of the text. */
export function titleSaidInText(title: string, text: string): boolean {
  const said = new Set(words(text));
  const needed = words(title);
  return needed.length > 0 && needed.every((word) => said.has(word));
}

/** The notice as shown: the text without its title, and whether it says the title itself. */
export function shownText(title: string, text: string): { body: string; titleInText: boolean } {
  const body = bodyBesideTitle(title, text);
  return { body, titleInText: titleSaidInText(title, body) };
}
