import type { z } from 'zod';
import type { ContactForm, ContactFormSchema } from '#shared/contact.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';

// The shared contact schema (SPEC §5 messages), loaded when the visitor starts on the
// form so zod stays out of the page's first download (see lazy-resolver.ts).

export type ContactFormValues = z.output<typeof ContactFormSchema>;

export const contactValidation = lazyResolver<ContactForm, ContactFormValues>(async () => {
  const [{ zodResolver }, shared] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('#shared/contact.ts'),
  ]);
  return zodResolver(shared.ContactFormSchema);
});
