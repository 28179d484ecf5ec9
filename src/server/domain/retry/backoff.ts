// One back-off schedule for everything the server retries on its own (mail in the
// outbox, run-notice webhooks): 30 s after the first failure (RETRY_FIRST_DELAY_SECONDS;
// the browser tests' server waits a second), then twice as long each time, at most an
// hour apart.

export const FIRST_RETRY_MS = 30_000;

export const backoffMs = (attempts: number, firstMs = FIRST_RETRY_MS) =>
  Math.min(firstMs * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** How many attempts this schedule makes from the first until `spanMs` has passed. */
export function attemptsWithin(spanMs: number, firstMs = FIRST_RETRY_MS) {
  let attempts = 1;
  for (let waited = 0; waited < spanMs; attempts++) waited += backoffMs(attempts, firstMs);
  return attempts;
}
