// Rules for text that must stay on one line: names, companies, e-mail addresses, ids that
// end up in mail subjects, headers or file names. A line break in such a field forges
// lines in the e-mail or header built from it (a name holding "\nEmail: ceo@…").

/** The message for a field holding characters it may not hold (SPEC-style sentence). */
export const notAllowedMessage = (field: string) =>
  `${field} contains characters that are not allowed.`;

/** False when the text holds a control character (C0, DEL, C1) or a Unicode line break. */
export function isSingleLine(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) {
      return false;
    }
  }
  return true;
}

/** `.refine(...singleLine('Name'))` on a zod string. */
export const singleLine = (field: string) =>
  [(value: string) => isSingleLine(value), notAllowedMessage(field)] as const;

/** "Dana’s", and "Northwind Lakes’" for a name that ends in s (not "Lakes’s"). */
export const possessive = (name: string) => (/s$/i.test(name.trim()) ? `${name}’` : `${name}’s`);
