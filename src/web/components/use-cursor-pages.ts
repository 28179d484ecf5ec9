import { useRef, useState } from 'react';

// The pages of a list the server answers after a cursor (CursorPager shows them): the
// cursors of the pages come through (null: the first), so Previous goes back without
// asking where it was, and a new search, filter or order starts again from the first page.

/**
 * `list` names what is listed (the search, filters and order as one string): when it
 * changes, paging starts again. Turning a page brings `top` (the list's first element)
 * into view.
 */
export function useCursorPages<Top extends HTMLElement = HTMLDivElement>(list = '') {
  const [paging, setPaging] = useState<{ list: string; cursors: (string | null)[] }>({
    list,
    cursors: [null],
  });
  // Another list starts on its first page, and forgets the pages of the one before, so
  // going back to that one starts on its first page too.
  const changed = paging.list !== list;
  if (changed) setPaging({ list, cursors: [null] });
  const cursors = changed ? [null] : paging.cursors;
  const top = useRef<Top>(null);
  const turn = (next: (string | null)[]) => {
    setPaging({ list, cursors: next });
    top.current?.scrollIntoView({ block: 'start' });
  };
  return {
    /** The cursor of the page to ask for. */
    cursor: cursors.at(-1) ?? null,
    /** How many pages come before this one. */
    pagesBefore: cursors.length - 1,
    top,
    /** CursorPager's Previous and Next for the page shown, given the cursor it answered. */
    turns: (nextCursor: string | null | undefined) => ({
      hasPrevious: cursors.length > 1,
      hasNext: Boolean(nextCursor),
      onPrevious: () => turn(cursors.slice(0, -1)),
      onNext: () => turn([...cursors, nextCursor ?? null]),
    }),
  };
}
