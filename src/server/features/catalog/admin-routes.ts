import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { actorIdOf } from '#server/auth/guards.ts';
import { refusedAddressWarnings } from '#server/integrations/http/address-warnings.ts';
import { catalogApi as api } from '#shared/api/catalog.ts';
import { approveRequest, declineRequest, listQueue } from './decisions.ts';
import { listClientRequests } from './service.ts';

// Catalog access requests for admins: one client's (client page) and the queue, with
// approve and decline (decisions.ts).

export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const deciding = (request: Parameters<typeof actorIdOf>[0]) => ({
    actorId: actorIdOf(request),
    ip: request.ip,
    publicUrl: app.deps.config.publicUrl,
  });

  serve(app, api.clientRequests, async (request) => listClientRequests(db, request.params.id));

  serve(app, api.queue, async (request) => listQueue(db, request.query.status));

  serve(app, api.approve, async (request) => {
    const { body } = request;
    const message = await approveRequest(db, request.params.id, body, deciding(request));
    // As the process form does: the process is made, and the admin learns now that its
    // calls will be refused.
    const warnings = await refusedAddressWarnings(
      [{ label: 'webhook URL', url: body.createProcess ? body.n8nWebhookUrl : null }],
      { allowPrivate: app.deps.config.allowPrivateWebhooks, audience: 'admin' },
    );
    return { message, warnings };
  });

  serve(app, api.decline, async (request) => ({
    message: await declineRequest(db, request.params.id, request.body.reason, deciding(request)),
  }));
};
