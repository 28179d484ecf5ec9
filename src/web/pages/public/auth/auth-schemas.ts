import type { Login, Register, RegisterInput } from '#shared/auth.ts';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';

// The shared auth schemas (SPEC §5 messages), loaded on demand; see lazy-resolver.ts.

export const loginValidation = lazyZodResolver<Login, Login>(
  async () => (await import('#shared/auth.ts')).LoginSchema,
);

export const registerValidation = lazyZodResolver<RegisterInput, Register>(
  async () => (await import('#shared/auth.ts')).RegisterSchema,
);
