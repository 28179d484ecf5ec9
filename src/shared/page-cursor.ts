import { z } from 'zod';

// Where the next page of a list ordered by time starts: the last row's time to the
// microsecond, as the database keeps it, and its id, e.g.
// `2026-11-26T09:15:02.123456Z|0b6f…`. The browser hands it back as it came: read through
// a JavaScript Date it would lose the microseconds, and rows sharing the millisecond of a
// page's last row would be skipped or repeated (docs/decisions/019-keyset-at-database-precision.md).

export const pageCursorMessage =
  'This list position is not valid any more: reload the list and try again.';

const exactTime = z.iso.datetime({ precision: 6 });
const rowId = z.uuid();

/** A position the server handed out (`nextCursor`, an entry's `cursor`), passed as `before`. */
export const PageCursorSchema = z
  .string()
  .max(100, pageCursorMessage)
  .refine((cursor) => {
    const [time, id, ...rest] = cursor.split('|');
    return rest.length === 0 && exactTime.safeParse(time).success && rowId.safeParse(id).success;
  }, pageCursorMessage);
