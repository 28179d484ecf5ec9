import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import {
  type Account,
  accountCapabilities,
  resolveAccount,
} from '#server/domain/accounts/account.ts';
import { csvFilename, csvStream, csvStreamOfBatches } from '#server/domain/exports/csv.ts';
import { runCsvBatches } from '#server/domain/exports/runs-csv.ts';
import { requireAccountProcess } from '#server/domain/processes/account-processes.ts';
import { forbidden } from '#server/http/errors.ts';
import { exportsApi } from '#shared/api/exports.ts';
import { analyticsCsvColumns, exportMessages, runCsvColumns } from '#shared/exports.ts';
import { analyticsRows, windowOf } from './service.ts';

// GET /api/client/runs.csv and /api/client/analytics.csv
// (docs/decisions/016-what-plans-sell-and-mail.md): streamed CSV for plans with
// canExportCSV, within the log retention window (older runs are gone) or the days asked
// for, whichever is shorter.

export const csvExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  async function exportingAccount(request: Parameters<typeof currentUser>[0]): Promise<Account> {
    const account = await resolveAccount(db, currentUser(request), app.readCache);
    if (!accountCapabilities(account).canExportCSV) throw forbidden(exportMessages.notIncluded);
    return account;
  }

  // The 200 is text/csv (UTF-8 with a byte-order mark) sent as it streams.
  serve(app, exportsApi.runs, async (request, reply) => {
    const account = await exportingAccount(request);
    const { processId } = request.query;
    const process = processId ? await requireAccountProcess(db, account, processId) : null;
    const { since, until } = windowOf(
      request.query,
      accountCapabilities(account).logsRetentionDays,
    );
    const batches = runCsvBatches(db, {
      ownerId: account.owner.id,
      processId: process?.id,
      since,
      until,
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFilename('runs')}"`)
      .send(csvStreamOfBatches(runCsvColumns, batches));
  });

  serve(app, exportsApi.analytics, async (request, reply) => {
    const account = await exportingAccount(request);
    const caps = accountCapabilities(account);
    if (!caps.hasAnalyticsAccess) throw forbidden('Analytics is not enabled for your account.');
    const { since, until } = windowOf(request.query, caps.logsRetentionDays);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFilename('analytics')}"`)
      .send(csvStream(analyticsCsvColumns, analyticsRows(db, account.owner.id, since, until)));
  });
};
