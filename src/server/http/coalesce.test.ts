import { describe, expect, it } from 'vitest';
import { coalescing } from './coalesce.ts';

describe('coalescing', () => {
  it('gives calls with the same key in flight one computation, and computes again after', async () => {
    const shared = coalescing<number>();
    // Each computation stays in flight until the test answers it.
    const running: ((value: number) => void)[] = [];
    const held = () => new Promise<number>((resolve) => running.push(resolve));
    const calls = [shared('a', held), shared('a', held), shared('b', held)];
    expect(running).toHaveLength(2);
    running[0]?.(1);
    running[1]?.(2);
    expect(await Promise.all(calls)).toEqual([1, 1, 2]);
    const after = shared('a', held);
    expect(running).toHaveLength(3);
    running[2]?.(3);
    expect(await after).toBe(3);
  });

  it('lets a failure reach every caller, then forgets it', async () => {
    const shared = coalescing<number>();
    const failing = () => Promise.reject(new Error('down'));
    await expect(Promise.all([shared('a', failing), shared('a', failing)])).rejects.toThrow('down');
    expect(await shared('a', async () => 7)).toBe(7);
  });
});
