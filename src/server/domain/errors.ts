// What domain code throws when it refuses: a code from this closed set, the sentence the
// client reads (to the letter), and for bad input a sentence per field. It says nothing of
// HTTP, so a job or a command-line tool can call the same code and read the code; the
// server's edge (http/errors.ts) alone turns a code into a status (DESIGN §4).

export type DomainErrorCode =
  /** The input cannot be used; `errors` says which field and why. */
  | 'invalid'
  /** Who asks may not do this (their role, their plan). */
  | 'forbidden'
  /** There is no such thing, or not one this account may see. */
  | 'not-found'
  /** The thing's state does not allow it now (already closed, already in a team). */
  | 'conflict'
  /** It needs a running subscription. */
  | 'payment-required'
  /** Too many at once; it can be tried again later. */
  | 'rate-limited';

/** A message per field, keyed by the field's dotted path. */
export type FieldErrors = Record<string, string>;

export class DomainError extends Error {
  override name = 'DomainError';

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}
