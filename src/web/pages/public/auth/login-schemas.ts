import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';

// The second sign-in step's schema (the shared CodeSchema), loaded on demand like the
// login schema in auth-schemas.ts: public pages keep zod out of their first download.

export interface CodeForm {
  code: string;
}

export const codeValidation = lazyZodResolver<CodeForm, CodeForm>(
  async () => (await import('#shared/two-factor.ts')).CodeSchema,
);
