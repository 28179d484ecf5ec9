import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { serviceReportsApi as api } from '#shared/api/service-reports.ts';
import { reportBillingOf, serviceReportFile } from './report-file.ts';

// GET /api/client/service-reports/:month/pdf: the report of the account the signed-in
// person works in. It belongs to the owner, whose processes it counts; a team member sees
// those processes, so they may download it too.

export const serviceReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const billing = reportBillingOf(app.deps.config);

  serve(app, api.pdf, async (request, reply) => {
    const { owner } = await resolveAccount(db, currentUser(request), app.readCache);
    const file = await serviceReportFile(db, owner, request.params.month, billing);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.pdf);
  });
};
