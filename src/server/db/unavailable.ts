// Failures that mean the database is out of reach for now (down, restarting, the network
// cut, the pool unable to connect, the embedded database closed), as opposed to a query
// that failed on its own: the first are answered 503 with Retry-After (http/errors.ts),
// since the same call will work once the database is back.

/** System errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's: shut down by an administrator, after a crash, or still starting
 * (57P01–57P03), and too many connections (53300). Class 08 is checked by prefix.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What pg, pg-pool and PGlite throw without a code when the connection is gone. */
const MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite is closed$/,
];

function isOwnFailure(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
      return true;
  }
  return MESSAGES.some((pattern) => pattern.test(error.message));
}

/** True when `error`, or an error it wraps (Drizzle's cause, several addresses), is one. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  if (isOwnFailure(error)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  )
    return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
