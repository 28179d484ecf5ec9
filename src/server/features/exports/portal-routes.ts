import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import type { Db } from '#server/db/client.ts';
import { processes, runs } from '#server/db/schema.ts';
import {
  type Account,
  accountCapabilities,
  resolveAccount,
} from '#server/domain/accounts/account.ts';
import { csvFilename, csvStream } from '#server/domain/exports/csv.ts';
import { runCsvRows } from '#server/domain/exports/runs-csv.ts';
import { requireAccountProcess } from '#server/domain/processes/account-processes.ts';
import { forbidden } from '#server/http/errors.ts';
import { exportsApi } from '#shared/api/exports.ts';
import { analyticsCsvColumns, exportMessages, runCsvColumns } from '#shared/exports.ts';

// GET /api/client/runs.csv and /api/client/analytics.csv
// (docs/decisions/016-what-plans-sell-and-mail.md): streamed CSV for plans with
// canExportCSV, within the log retention window (older runs are gone) or the days asked
// for, whichever is shorter.

const DAY_MS = 86_400_000;

/** The window: the chosen days clipped to the retention the plan keeps. */
function windowOf(range: { from?: string; to?: string }, retentionDays: number, now = new Date()) {
  const kept = new Date(now.getTime() - retentionDays * DAY_MS);
  const from = range.from ? new Date(`${range.from}T00:00:00Z`) : kept;
  const until = range.to
    ? new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS)
    : new Date(now.getTime() + 60_000);
  return { since: from > kept ? from : kept, until };
}

async function* analyticsRows(db: Db, ownerId: string, since: Date, until: Date) {
  const rows = await db
    .select({
      name: processes.name,
      runs: sql<number>`count(*)::int`,
      failures: sql<number>`count(*) filter (where not ${runs.ok})::int`,
      lastStarted: sql<string>`max(${runs.startedAt})`,
      lastOk: sql<boolean | null>`(array_agg(${runs.ok} order by ${runs.startedAt} desc))[1]`,
    })
    .from(runs)
    .innerJoin(processes, eq(processes.id, runs.processId))
    .where(
      and(eq(runs.clientUserId, ownerId), gte(runs.startedAt, since), lt(runs.startedAt, until)),
    )
    .groupBy(processes.id, processes.name)
    .orderBy(processes.name);
  for (const row of rows) {
    yield [
      row.name,
      row.runs,
      row.failures,
      row.runs ? Math.round((row.failures / row.runs) * 1000) / 10 : 0,
      row.lastStarted ? new Date(row.lastStarted).toISOString() : '',
      row.lastOk === null ? '' : row.lastOk ? 'succeeded' : 'failed',
    ];
  }
}

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
    const rows = runCsvRows(db, {
      ownerId: account.owner.id,
      processId: process?.id,
      since,
      until,
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFilename('runs')}"`)
      .send(csvStream(runCsvColumns, rows));
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
