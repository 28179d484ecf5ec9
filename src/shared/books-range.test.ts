import { describe, expect, it } from 'vitest';
import {
  BooksCursorSchema,
  BooksQuerySchema,
  booksMessages,
  booksRangeProblem,
  quarterOf,
} from './books.ts';
import { pageCursorMessage } from './page-cursor.ts';

// The range of the admin's books: the default quarter, the order and length rules the
// form and the server share, and the cursor the server hands out.

describe('the range of the books', () => {
  it('finds the quarter of a day', () => {
    expect(quarterOf('2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(quarterOf('2024-05-20')).toEqual({ from: '2024-04-01', to: '2024-06-30' });
    expect(quarterOf('2026-09-30')).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(quarterOf('2026-12-31')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });

  it('takes up to three years in order', () => {
    expect(booksRangeProblem('2026-01-01', '2026-01-01')).toBeNull();
    expect(booksRangeProblem('2024-01-01', '2026-12-31')).toBeNull();
    expect(booksRangeProblem('2024-01-01', '2027-01-01')).toBe(booksMessages.tooLong);
    expect(booksRangeProblem('2026-01-02', '2026-01-01')).toBe(booksMessages.order);
  });

  it('checks the query with the same words', () => {
    const problem = (query: object) => BooksQuerySchema.safeParse(query).error?.issues[0];
    expect(problem({ from: '2026-01-01', to: '2026-03-31' })).toBeUndefined();
    expect(problem({})).toBeUndefined();
    expect(problem({ from: '2026-03-01', to: '2026-02-01' })).toMatchObject({
      message: booksMessages.order,
      path: ['to'],
    });
    expect(problem({ from: '2026-02-29' })?.message).toBe(booksMessages.day);
    expect(problem({ to: '03/01/2026' })?.message).toBe(booksMessages.day);
  });

  it('accepts only a cursor the server could have given', () => {
    const id = '0b6f7c1e-8a3d-4c52-9a51-2f0e6b7d8c90';
    const good = `2026-03-01|2026-03-01T15:00:00.123456Z|payment|${id}`;
    expect(BooksCursorSchema.safeParse(good).success).toBe(true);
    for (const bad of [
      `2026-03-01|2026-03-01T15:00:00.123Z|payment|${id}`,
      `2026-03-01|2026-03-01T15:00:00.123456Z|refund|${id}`,
      `2026-03-01|2026-03-01T15:00:00.123456Z|payment`,
      `${good}|extra`,
    ]) {
      expect(BooksCursorSchema.safeParse(bad).error?.issues[0]?.message).toBe(pageCursorMessage);
    }
  });
});
