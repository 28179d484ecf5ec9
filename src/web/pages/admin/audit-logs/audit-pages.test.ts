import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#shared/audit.ts';
import { AUDIT_FETCH_LIMIT, cursorTime, pagesOf } from './audit-api.ts';

// How far the screen says the audit log has been read: the next page's cursor names the
// oldest entry the server read, matching or not (docs/decisions/018-run-rollups.md).

const entry = (n: number) => ({ _id: `id-${n}`, message: `Entry ${n}` }) as AuditEntry;
const cursor = '2026-11-03T14:05:09.123456Z|5f0d95d7-8498-4184-b9b0-e32f70924329';

describe('pagesOf', () => {
  it('says where a search stopped reading when a page came back short with a cursor', () => {
    const pages = pagesOf([
      { entries: Array.from({ length: AUDIT_FETCH_LIMIT }, (_, i) => entry(i)), next: 'x|y' },
      { entries: [entry(900)], next: cursor },
    ]);
    expect(pages.entries).toHaveLength(AUDIT_FETCH_LIMIT + 1);
    expect(pages).toMatchObject({ readBackTo: '2026-11-03T14:05:09.123Z', stoppedReading: true });
  });

  it('says nothing is left once the last page has no cursor, full pages included', () => {
    expect(pagesOf([{ entries: [entry(1)], next: null }])).toMatchObject({
      readBackTo: null,
      stoppedReading: false,
    });
    const full = Array.from({ length: AUDIT_FETCH_LIMIT }, (_, i) => entry(i));
    expect(pagesOf([{ entries: full, next: cursor }]).stoppedReading).toBe(false);
  });

  it('reads a cursor’s time to the millisecond, as createdAt is written', () => {
    expect(cursorTime(cursor)).toBe('2026-11-03T14:05:09.123Z');
  });
});
