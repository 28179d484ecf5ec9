import type { z } from 'zod';
import type { ContactForm, ContactFormSchema } from '#shared/contact.ts';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';

// The shared contact schema (SPEC §5 messages), loaded when the visitor starts on the
// form so zod stays out of the page's first download (see lazy-resolver.ts).

export type ContactFormValues = z.output<typeof ContactFormSchema>;

export const contactValidation = lazyZodResolver<ContactForm, ContactFormValues>(
  async () => (await import('#shared/contact.ts')).ContactFormSchema,
);
