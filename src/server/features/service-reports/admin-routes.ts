import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { notFound } from '#server/http/errors.ts';
import { serviceReportsApi as api } from '#shared/api/service-reports.ts';
import { serviceReportMessages } from '#shared/service-report.ts';
import { reportBillingOf, serviceReportFile } from './report-file.ts';

// GET /api/admin/clients/:id/service-reports/:month/pdf: any client's report, for any
// month since the account was opened, the same file the client downloads.

export const adminServiceReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const billing = reportBillingOf(app.deps.config);

  serve(app, api.adminPdf, async (request, reply) => {
    const client = await findUserById(db, request.params.id);
    if (!client) throw notFound(serviceReportMessages.clientNotFound);
    // A team member's page shows the report of the account they work in: its owner's.
    const { owner } = await resolveAccount(db, client);
    const file = await serviceReportFile(db, owner, request.params.month, billing);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.pdf);
  });
};
