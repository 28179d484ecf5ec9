import { describe, expect, it } from 'vitest';
import { PageCursorSchema, pageCursorMessage } from './page-cursor.ts';

const id = '0b6f7c1e-5d2a-4c8e-9f3b-2a1d4e5f6a7b';
const refusal = (cursor: string) => PageCursorSchema.safeParse(cursor).error?.issues[0]?.message;

describe('PageCursorSchema', () => {
  it('takes the time to the microsecond and the id the server hands out', () => {
    expect(PageCursorSchema.parse(`2026-11-26T09:15:02.123456Z|${id}`)).toBe(
      `2026-11-26T09:15:02.123456Z|${id}`,
    );
  });

  it('refuses, in words, what the server could not have given', () => {
    for (const cursor of [
      `2026-11-26T09:15:02.123Z|${id}`, // a JavaScript Date's milliseconds
      `2026-02-31T09:15:02.123456Z|${id}`,
      `2026-11-26T09:15:02.123456+01:00|${id}`,
      '2026-11-26T09:15:02.123456Z|not-an-id',
      `2026-11-26T09:15:02.123456Z|${id}|more`,
      `${'x'.repeat(101)}`,
      '',
    ]) {
      expect(refusal(cursor), cursor).toBe(pageCursorMessage);
    }
  });
});
