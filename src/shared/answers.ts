import { z } from 'zod';

// Answers many calls share (DESIGN §4): a done action in words, and the body of every
// 4xx. The browser's api client reads the latter into its ApiError.

/** A done action in words, e.g. "Signed out." */
export const MessageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof MessageSchema>;

/** Every 4xx answer: a message for people and, for bad input, a message per field. */
export const ErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorAnswer = z.infer<typeof ErrorSchema>;

/** The answers of a call that failed on the server's side, not because of its input. */
export const serverMessages = {
  failed: 'Something went wrong on our side. Please try again.',
  /** 503 with Retry-After: the database is out of reach for a moment (a restart, a cut). */
  unavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
} as const;
