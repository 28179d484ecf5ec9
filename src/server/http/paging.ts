import type { FastifyReply } from 'fastify';
import { pageHeaders } from '#shared/paging.ts';

// Lists that page on the server: `limit` (bounded), a search `q` (matched by
// db/search.ts), and the number of matching rows in the X-Total-Count header, so the
// SPEC's answer, an array, keeps its shape and the default page is the answer the spec
// expects. Keyset lists also say where the next page starts (X-Next-Cursor) and count
// no further than a cap (`countCapFor`; X-Total-Capped past it).

export const TOTAL_HEADER = pageHeaders.total;

// The page's query lives with the route table; features still registered the old way
// import it from here.
export { pagingQuery } from '#shared/paging.ts';

export const sendTotal = (reply: FastifyReply, total: number) =>
  reply.header(TOTAL_HEADER, String(total));

/** What a keyset list knows besides its rows. */
export interface KeysetPageFacts {
  /** Matches counted, at most cap + 1 (one more says "and more"). */
  counted: number;
  cap: number;
  /** Null on the last page. */
  nextCursor: string | null;
}

export function sendKeysetPage(reply: FastifyReply, facts: KeysetPageFacts) {
  sendTotal(reply, Math.min(facts.counted, facts.cap));
  if (facts.counted > facts.cap) reply.header(pageHeaders.totalCapped, 'true');
  if (facts.nextCursor) reply.header(pageHeaders.nextCursor, facts.nextCursor);
}
