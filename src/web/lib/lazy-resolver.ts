import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

// Public pages have a JavaScript budget (DESIGN §6) and zod is a quarter of it, so the
// login and register forms fetch their schema only when the visitor starts using the
// form (preload on focus) or, at the latest, on submit.

export interface LazyResolver<TInput extends FieldValues, TOutput> {
  resolver: Resolver<TInput, unknown, TOutput>;
  /** Starts loading the schema; call when the visitor focuses the form. */
  preload: () => void;
}

export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): LazyResolver<TInput, TOutput> {
  let pending: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const get = () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined; // a failed chunk download may succeed on the next attempt
      throw error;
    });
    return pending;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => {
      get().catch(() => {});
    },
  };
}

/**
 * A lazy resolver for a zod schema: `load` imports the schema's module (a dynamic
 * import, so it becomes its own chunk) and zodResolver comes with it, on first use.
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<ZodType<TOutput, TInput>>,
): LazyResolver<TInput, TOutput> {
  return lazyResolver(async () => {
    const [{ zodResolver }, schema] = await Promise.all([
      import('@hookform/resolvers/zod'),
      load(),
    ]);
    return zodResolver(schema);
  });
}
