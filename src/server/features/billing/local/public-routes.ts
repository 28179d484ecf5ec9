import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { InvoicingConfig } from '#server/config.ts';
import { ErrorSchema } from '#shared/answers.ts';
import { PayResultSchema, PaySessionSchema, SelectPackageSchema } from '#shared/billing-api.ts';
import type { InvoiceLinks } from '../invoice-links.ts';
import { cancelSubscription, changePackage, getPaySession } from './pay.ts';

// Public API of the local provider's token pages (/pay/portal|invoice/:token, no
// sign-in: the token authorises).

const TokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
const tags = ['billing: token pages'];
// Tokens are 256-bit random, so this limit is about load, not guessing.
const rateLimit = 'billingLink';

export const payRoutes: FastifyPluginAsyncZod<{
  links: InvoiceLinks;
  invoicing: InvoicingConfig;
}> = async (app, { links, invoicing }) => {
  const pages = { db: app.deps.database.db, links, invoicing };
  const action = {
    200: PayResultSchema,
    403: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
    429: ErrorSchema,
  };

  app.get(
    '/sessions/:token',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'What a portal or invoice link shows; 404 when expired or used',
        params: TokenParamsSchema,
        response: { 200: PaySessionSchema, 404: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => getPaySession(pages, request.params.token),
  );

  app.post(
    '/sessions/:token/change',
    {
      config: { rateLimit },
      schema: {
        tags,
        params: TokenParamsSchema,
        body: SelectPackageSchema,
        response: { ...action, 400: ErrorSchema },
      },
    },
    async (request) =>
      changePackage(pages, request.params.token, request.body.packageId, { ip: request.ip }),
  );

  app.post(
    '/sessions/:token/cancel',
    { config: { rateLimit }, schema: { tags, params: TokenParamsSchema, response: action } },
    async (request) => cancelSubscription(pages, request.params.token, { ip: request.ip }),
  );
};
