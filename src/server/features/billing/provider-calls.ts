import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { type Acting, ProviderError, recordBilling } from './provider.ts';

// What the Zoho and Stripe providers share: a call to the billing service whose trouble is
// not the caller's fault (logged with the service's own details, answered 502 by a
// ProviderError: plainly to a client, with the service's words to an admin's CRM tool),
// and the audit of a billing change.

export interface ProviderCalls {
  upstream<T>(what: string, work: () => Promise<T>): Promise<T>;
  record(
    acting: Acting,
    userId: string,
    message: string,
    details?: Record<string, unknown>,
  ): Promise<unknown>;
}

/** How a service's own error is logged and told; null for any other error. */
export type ServiceFailure = (error: unknown) => { log: object; detail: string } | null;

export function providerCalls(
  db: Db,
  log: FastifyBaseLogger,
  service: { name: string; failure: ServiceFailure },
): ProviderCalls {
  return {
    async upstream(what, work) {
      try {
        return await work();
      } catch (error) {
        const failure = service.failure(error);
        if (!failure) throw error;
        log.error({ err: error, ...failure.log }, `${service.name}: ${what} failed`);
        throw new ProviderError(failure.detail);
      }
    },
    record: (acting, userId, message, details = {}) =>
      recordBilling(db, acting, userId, message, details),
  };
}
