import type { Login, Register, RegisterInput } from '#shared/auth.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';

// The shared auth schemas (SPEC §5 messages), loaded on demand; see lazy-resolver.ts.

export const loginValidation = lazyResolver<Login, Login>(async () => {
  const [{ zodResolver }, { LoginSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('#shared/auth.ts'),
  ]);
  return zodResolver(LoginSchema);
});

export const registerValidation = lazyResolver<RegisterInput, Register>(async () => {
  const [{ zodResolver }, { RegisterSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('#shared/auth.ts'),
  ]);
  return zodResolver(RegisterSchema);
});
