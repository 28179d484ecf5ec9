import { z } from 'zod';

/** Every 4xx answer: a message for people and, for bad input, a message per field. */
export const ErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
