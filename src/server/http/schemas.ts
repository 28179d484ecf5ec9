import { z } from 'zod';

/** Every 4xx answer: a message for people and, for bad input, a message per field. */
export const ErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/** `/:id` params. Any string is accepted; a service answers 404 for ids it does not know. */
export const IdParamsSchema = z.object({ id: z.string().min(1).max(100) });
