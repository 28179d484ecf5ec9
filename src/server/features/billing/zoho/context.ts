import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { type UserRow, users } from '#server/db/schema.ts';
import type { ZohoClient } from '#server/integrations/zoho/client.ts';
import { ZohoError } from '#server/integrations/zoho/types.ts';
import type { InvoiceLinks } from '../invoice-links.ts';
import { type ProviderCalls, providerCalls } from '../provider-calls.ts';

// What every part of the Zoho provider works with: its dependencies, the audit of a
// billing change, Zoho trouble answered 502 with Zoho's code and message to an admin, and
// saving the client's Zoho ids.

export interface ZohoProviderDeps {
  db: Db;
  zoho: ZohoClient;
  publicUrl: string;
  links: InvoiceLinks;
  log: FastifyBaseLogger;
}

export interface ZohoContext extends ZohoProviderDeps, ProviderCalls {
  save(client: UserRow, values: Partial<UserRow>): Promise<UserRow>;
}

export function zohoContext(deps: ZohoProviderDeps): ZohoContext {
  const { db, log } = deps;
  const calls = providerCalls(db, log, {
    name: 'Zoho',
    failure: (error) =>
      error instanceof ZohoError
        ? {
            log: { zohoStatus: error.status, zohoCode: error.code },
            detail: `${error.message}${error.code === undefined ? '' : ` (Zoho code ${error.code})`}`,
          }
        : null,
  });
  return {
    ...deps,
    ...calls,
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
