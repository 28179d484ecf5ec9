import type { FastifyReply } from 'fastify';

// Lists that page on the server: `limit` (bounded) and `offset`, a search `q`
// (matched by db/search.ts), and the number of matching rows in the X-Total-Count header,
// so the SPEC's answer, an array, keeps its shape and the default page is the answer the
// spec expects.

export const TOTAL_HEADER = 'x-total-count';

// The page's query lives with the route table; features still registered the old way
// import it from here.
export { pagingQuery } from '#shared/paging.ts';

export const sendTotal = (reply: FastifyReply, total: number) =>
  reply.header(TOTAL_HEADER, String(total));
