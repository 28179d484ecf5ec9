import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-resolver.ts';

// The resolver of a public form: the schema and zodResolver arrive on first use, once.

const Schema = z.object({ email: z.string().trim().min(1, 'Email is required.') });
const options: ResolverOptions<{ email: string }> = {
  fields: {},
  shouldUseNativeValidation: false,
};

describe('lazyZodResolver', () => {
  it('loads the schema once and checks values with it', async () => {
    const load = vi.fn(async () => Schema);
    const { resolver, preload } = lazyZodResolver(load);
    preload();
    const bad = await resolver({ email: ' ' }, undefined, options);
    expect(bad.errors.email?.message).toBe('Email is required.');
    const good = await resolver({ email: ' ada@example.test ' }, undefined, options);
    expect(good).toEqual({ values: { email: 'ada@example.test' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed download', async () => {
    const load = vi
      .fn<() => Promise<typeof Schema>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(Schema);
    const { resolver } = lazyZodResolver(load);
    await expect(resolver({ email: 'a' }, undefined, options)).rejects.toThrow('chunk failed');
    await expect(resolver({ email: 'a' }, undefined, options)).resolves.toMatchObject({
      values: { email: 'a' },
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
