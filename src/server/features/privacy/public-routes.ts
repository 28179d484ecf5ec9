import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '#server/domain/audit/audit.ts';
import { notFound } from '#server/http/errors.ts';
import { privacyMessages } from '#shared/privacy.ts';
import { exportArchive, sendArchive } from './archive.ts';
import { claimExportLink } from './export-links.ts';

// GET /api/account/export/:token: the e-mailed link downloads the archive. The token is the
// only proof (256 bits, hashed at rest, EXPORT_LINK_HOURS long), as for reset links.

export const exportDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  app.get(
    '/account/export/:token',
    {
      config: { rateLimit: 'billingLink' },
      schema: {
        tags: ['public: privacy'],
        summary: 'Download a data export from its e-mailed link (a ZIP archive)',
        params: z.object({ token: z.string().max(100) }),
        // No response schema: 200 is application/zip as it streams; 404 is { message }.
      },
    },
    async (request, reply) => {
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
    },
  );
};
