import { or, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';

// Lists that page on the server (issue 18): `limit` (bounded) and `offset`, a search `q`,
// and the number of matching rows in the X-Total-Count header, so the SPEC's answer, an
// array, keeps its shape and the default page is the answer the spec expects.

export const TOTAL_HEADER = 'x-total-count';

// The page's query lives with the route table; features still registered the old way
// import it from here.
export { pagingQuery } from '#shared/paging.ts';

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

export const sendTotal = (reply: FastifyReply, total: number) =>
  reply.header(TOTAL_HEADER, String(total));
