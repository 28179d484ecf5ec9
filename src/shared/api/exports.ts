import { ErrorSchema } from '../answers.ts';
import { ExportRangeSchema, RunsExportQuerySchema } from '../exports.ts';
import { defineRoute } from './route.ts';

// CSV exports (docs/decisions/016-what-plans-sell-and-mail.md): streamed as text/csv,
// UTF-8 with a byte-order mark, for plans with canExportCSV (403 naming the plans that
// have it), within the log retention window or the days asked for, whichever is shorter.

const portal = { audience: 'signed-in', tags: ['portal: exports'] } as const;
const csv = ['text/csv'] as const;

export const exportsApi = {
  runs: defineRoute({
    method: 'GET',
    path: '/api/client/runs.csv',
    ...portal,
    summary: "Runs of one process (processId) or of all the account's processes, as CSV",
    query: RunsExportQuerySchema,
    produces: csv,
    responses: { 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
  }),
  analytics: defineRoute({
    method: 'GET',
    path: '/api/client/analytics.csv',
    ...portal,
    summary: 'The client analytics table (runs and failures per process), as CSV',
    query: ExportRangeSchema,
    produces: csv,
    responses: { 400: ErrorSchema, 403: ErrorSchema },
  }),
};
