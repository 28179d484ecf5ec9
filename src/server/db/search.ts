import { or, type SQL, sql } from 'drizzle-orm';

// Searching a list: every word of the query found, case-insensitive, in one of the
// columns asked, with LIKE's own characters taken literally. Lists that page on the
// server search this way, and erasure finds an address in stored text the same way.

/** `%word%` with LIKE's own characters taken literally. */
export const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, '\\$&')}%`;

/** The words of a search (at most eight), lower-cased. */
export const wordsOf = (q: string | undefined) =>
  (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);

/** Every word of `q` found in one of `columns` (case-insensitive); none when `q` is blank. */
export function searchWords(q: string | undefined, columns: unknown[]): SQL[] {
  return wordsOf(q).map(
    (word) => or(...columns.map((column) => sql`${column} ilike ${likePattern(word)}`)) as SQL,
  );
}
