import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { notFound } from '#server/http/errors.ts';
import { privacyApi as api } from '#shared/api/privacy.ts';
import { privacyMessages } from '#shared/privacy.ts';
import { exportArchive, sendArchive } from './archive.ts';
import { claimExportLink } from './export-links.ts';

// The e-mailed link of a data export downloads the archive. The token is the only proof
// (256 bits, hashed at rest, EXPORT_LINK_HOURS long), as for reset links.

export const exportDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  serve(app, api.download, { config: { rateLimit: 'billingLink' } }, async (request, reply) => {
    const user = await claimExportLink(db, request.params.token);
    if (!user) throw notFound(privacyMessages.exportLinkInvalid);
    await audit(db, {
      source: 'privacy',
      message: 'Data export downloaded',
      userId: user.id,
      actorId: user.id,
      ip: request.ip,
    });
    return sendArchive(reply, exportArchive(db, user));
  });
};
