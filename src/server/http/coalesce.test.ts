import { describe, expect, it } from 'vitest';
import { coalescing } from './coalesce.ts';

describe('coalescing', () => {
  it('gives calls with the same key in flight one computation, and computes again after', async () => {
    const shared = coalescing<number>();
    let computed = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++computed), 20));
    const answers = await Promise.all([shared('a', slow), shared('a', slow), shared('b', slow)]);
    expect(answers).toEqual([1, 1, 2]);
    expect(await shared('a', slow)).toBe(3);
  });

  it('lets a failure reach every caller, then forgets it', async () => {
    const shared = coalescing<number>();
    const failing = () => Promise.reject(new Error('down'));
    await expect(Promise.all([shared('a', failing), shared('a', failing)])).rejects.toThrow('down');
    expect(await shared('a', async () => 7)).toBe(7);
  });
});
