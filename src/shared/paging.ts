import { z } from 'zod';

// Lists that page on the server: `limit` (bounded) and `offset`, a search `q`. The answer
// stays an array, as the spec has it, and the number of matching rows comes in the
// X-Total-Count header, so the default page is the answer the spec expects.

export const pagingQuery = (defaultLimit: number, maxLimit: number) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    q: z.string().trim().max(200).optional(),
  });
