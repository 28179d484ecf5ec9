import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { type UserRow, users } from '#server/db/schema.ts';
import type { ZohoClient } from '#server/integrations/zoho/client.ts';
import { ZohoError } from '#server/integrations/zoho/types.ts';
import type { InvoiceLinks } from '../invoice-links.ts';
import { type Acting, ProviderError, recordBilling } from '../provider.ts';

// What every part of the Zoho provider works with: its dependencies, the audit of a
// billing change, saving the client's Zoho ids, and Zoho trouble turned into a 502.

export interface ZohoProviderDeps {
  db: Db;
  zoho: ZohoClient;
  publicUrl: string;
  links: InvoiceLinks;
  log: FastifyBaseLogger;
}

export interface ZohoContext extends ZohoProviderDeps {
  upstream<T>(what: string, work: () => Promise<T>): Promise<T>;
  record(
    acting: Acting,
    userId: string,
    message: string,
    details?: Record<string, unknown>,
  ): Promise<unknown>;
  save(client: UserRow, values: Partial<UserRow>): Promise<UserRow>;
}

export function zohoContext(deps: ZohoProviderDeps): ZohoContext {
  const { db, log } = deps;
  return {
    ...deps,

    /**
     * Zoho trouble is not the caller's fault: log the detail and answer 502, plainly to a
     * client and with Zoho's code and message to an admin's CRM tool (ProviderError).
     */
    async upstream(what, work) {
      try {
        return await work();
      } catch (error) {
        if (!(error instanceof ZohoError)) throw error;
        log.error(
          { err: error, zohoStatus: error.status, zohoCode: error.code },
          `Zoho: ${what} failed`,
        );
        const code = error.code === undefined ? '' : ` (Zoho code ${error.code})`;
        throw new ProviderError(`${error.message}${code}`);
      }
    },

    record: (acting, userId, message, details = {}) =>
      recordBilling(db, acting, userId, message, details),

    async save(client, values) {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, client.id))
        .returning();
      return row ?? client;
    },
  };
}
