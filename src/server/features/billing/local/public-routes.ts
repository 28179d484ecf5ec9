import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import type { InvoicingConfig } from '#server/config.ts';
import { billingApi as api } from '#shared/api/billing.ts';
import type { InvoiceLinks } from '../invoice-links.ts';
import { cancelSubscription, changePackage, getPaySession, resumeSubscription } from './pay.ts';

// Public API of the local provider's token pages (/pay/portal|invoice/:token, no
// sign-in: the token authorises).

export const payRoutes: FastifyPluginAsyncZod<{
  links: InvoiceLinks;
  invoicing: InvoicingConfig;
}> = async (app, { links, invoicing }) => {
  const pages = { db: app.deps.database.db, links, invoicing };
  // Tokens are 256-bit random, so this limit is about load, not guessing.
  const limited = { config: { rateLimit: 'billingLink' } } as const;

  serve(app, api.paySession, limited, async (request) =>
    getPaySession(pages, request.params.token),
  );

  serve(app, api.payChange, limited, async (request) =>
    changePackage(pages, request.params.token, request.body.packageId, { ip: request.ip }),
  );

  serve(app, api.payCancel, limited, async (request) =>
    cancelSubscription(pages, request.params.token, { ip: request.ip }),
  );

  serve(app, api.payResume, limited, async (request) =>
    resumeSubscription(pages, request.params.token, { ip: request.ip }),
  );
};
