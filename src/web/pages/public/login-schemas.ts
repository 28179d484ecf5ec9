import { lazyResolver } from '#web/lib/lazy-resolver.ts';

// The second sign-in step's schema (the shared CodeSchema), loaded on demand like the
// login schema in auth-schemas.ts: public pages keep zod out of their first download.

export interface CodeForm {
  code: string;
}

export const codeValidation = lazyResolver<CodeForm, CodeForm>(async () => {
  const [{ zodResolver }, { CodeSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('#shared/two-factor.ts'),
  ]);
  return zodResolver(CodeSchema);
});
