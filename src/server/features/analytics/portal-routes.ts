import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { accountCapabilities, resolveAccount } from '#server/domain/accounts/account.ts';
import { listAccountProcesses } from '#server/domain/processes/account-processes.ts';
import { clientRunStats, lastRuns } from '#server/domain/runs/history.ts';
import { forbidden } from '#server/http/errors.ts';
import { analyticsApi } from '#shared/api/analytics.ts';

// GET /api/client/analytics: runs and failures of the account's own processes over the
// retention window, per day and per process. Needs the analytics entitlement.

const lastRunJson = (run: { startedAt: Date; ok: boolean | null } | undefined) =>
  run ? { startedAt: run.startedAt.toISOString(), ok: run.ok } : null;

export const clientAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  serve(app, analyticsApi.client, async (request) => {
    const account = await resolveAccount(db, currentUser(request));
    const caps = accountCapabilities(account);
    if (!caps.hasAnalyticsAccess) throw forbidden('Analytics is not enabled for your account.');
    const [stats, processes] = await Promise.all([
      clientRunStats(db, account.owner.id, caps.logsRetentionDays),
      listAccountProcesses(db, account),
    ]);
    const names = new Map(processes.map((p) => [p.id, p.name]));
    const last = await lastRuns(
      db,
      stats.byProcess.map((row) => row.processId),
      caps.logsRetentionDays,
    );
    return {
      retentionDays: caps.logsRetentionDays,
      since: stats.since.toISOString(),
      byDay: stats.byDay,
      byProcess: stats.byProcess.map((row) => ({
        ...row,
        name: names.get(row.processId) ?? 'Removed process',
        lastRun: lastRunJson(last.get(row.processId)),
      })),
    };
  });
};
