import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';

/** What every part of the notifier works with. */
export interface NotifierDeps {
  db: Db;
  /** Where links in a notice point (the product's own address). */
  publicUrl: string;
  /** Whether a webhook may be called at a private or loopback address (tests). */
  allowPrivate: boolean;
  log?: FastifyBaseLogger;
  /** The first wait of the retry back-off (RETRY_FIRST_DELAY_SECONDS). */
  firstRetryMs?: number;
}
