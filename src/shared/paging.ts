import { z } from 'zod';

// Lists that page on the server: `limit` (bounded) and a search `q`. The answer stays an
// array, as the spec has it; the number of matching rows comes in the X-Total-Count
// header, so the default page is the answer the spec expects.
//
// Two ways to turn a page: `offset` (`pagingQuery`, lists that are short by nature), or a
// keyset (`keysetPagingQuery`): the next page starts after the last row shown, named by
// the cursor the server put in X-Next-Cursor. An offset makes the database walk past
// every row before the page, so a deep page of 50,000 enquiries was slow; a keyset page
// costs the same at any depth (docs/decisions/019-keyset-at-database-precision.md).

export const pagingQuery = (defaultLimit: number, maxLimit: number) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    q: z.string().trim().max(200).optional(),
  });

/**
 * Past this many rows a keyset list stops counting: X-Total-Count says 10000 and
 * X-Total-Capped says there are more ("10,000+"). Counting every match read every match,
 * which is what paging is there to avoid.
 */
export const TOTAL_COUNT_CAP = 10_000;

/**
 * A search stops counting sooner: each row counted is every search word matched against
 * its text (a whole message), and a word in every enquiry cost 230 ms to count to 10,000
 * on PGlite (the page itself: 2 ms). Someone narrowing a search reads "1,000+" as well as
 * "8,412": both say to add a word.
 */
export const SEARCH_COUNT_CAP = 1_000;

/** How far a list counts: less far when search words must be matched row by row. */
export const countCapFor = (q: string | undefined) =>
  q?.trim() ? SEARCH_COUNT_CAP : TOTAL_COUNT_CAP;

/** The headers a keyset list answers beside its array. */
export const pageHeaders = {
  total: 'x-total-count',
  /** "true" when more than the count's cap match: X-Total-Count is then a lower bound. */
  totalCapped: 'x-total-capped',
  /** The cursor of the next page; absent on the last page. */
  nextCursor: 'x-next-cursor',
} as const;

export const offsetGoneMessage =
  'This list pages with a cursor: pass the X-Next-Cursor of the page before, not an offset.';

/**
 * A page of a keyset list: its size and the search words. `offset` is still read so that
 * a caller written for the offset pages keeps getting the first page (0), and a deeper
 * offset is refused with a message rather than silently answered with the first page.
 */
export const keysetPagingQuery = (defaultLimit: number, maxLimit: number) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.coerce.number().int().min(0).max(0, offsetGoneMessage).optional(),
    q: z.string().trim().max(200).optional(),
  });

// A list ordered by a text (a name, a company) has no time to stand on: its cursor is the
// order's name, the row's sort key as the database gave it (JSON, so that "no company"
// is null, then base64url, so any character is safe) and the row's id.

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

const fromBase64Url = (encoded: string) =>
  new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(atob(encoded.replaceAll('-', '+').replaceAll('_', '/')), (c) =>
      c.charCodeAt(0),
    ),
  );

const uuid = z.uuid();

/** The cursor of a row in a list ordered by a text key: `<order>:<key>|<uuid>`. */
export const keyCursor = (order: string, key: string | null, id: string) =>
  `${order}:${toBase64Url(JSON.stringify(key))}|${id}`;

/** The key and id a `keyCursor` of this order names, or null for any other string. */
export function readKeyCursor(
  order: string,
  cursor: string,
): { key: string | null; id: string } | null {
  const match = /^([a-z]+):([A-Za-z0-9_-]*)\|([^|]+)$/.exec(cursor);
  if (!match || match[1] !== order || !uuid.safeParse(match[3]).success) return null;
  try {
    const key: unknown = JSON.parse(fromBase64Url(match[2] ?? ''));
    return typeof key === 'string' || key === null ? { key, id: match[3] ?? '' } : null;
  } catch {
    return null;
  }
}

/** A page of a keyset list as the browser reads it: the rows and the headers beside them. */
export interface KeysetPage<Row> {
  rows: Row[];
  /** How many match, as far as the server counted. */
  total: number;
  /** More match than `total` says: show it as "10,000+". */
  totalCapped: boolean;
  /** Pass back for the next page; null on the last page. */
  nextCursor: string | null;
}

export function keysetPageOf<Row>(
  rows: Row[],
  headers: { get(name: string): string | null },
): KeysetPage<Row> {
  const total = Number(headers.get(pageHeaders.total) ?? rows.length);
  return {
    rows,
    total: Number.isFinite(total) ? total : rows.length,
    totalCapped: headers.get(pageHeaders.totalCapped) === 'true',
    nextCursor: headers.get(pageHeaders.nextCursor) || null,
  };
}

/** "1,234", or "10,000+" when the server stopped counting there. */
export const totalText = (page: { total: number; totalCapped: boolean }) =>
  `${new Intl.NumberFormat('en-US').format(page.total)}${page.totalCapped ? '+' : ''}`;
