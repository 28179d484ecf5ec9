import { z } from 'zod';
import { PageCursorSchema } from './page-cursor.ts';
import { RunSchema, runStates, runTriggers } from './runs.ts';

// The admin's Runs screen: every run of every client, newest first, filtered on the
// server and paged by a keyset on (started_at, id) at the database's precision
// (docs/decisions/019-keyset-at-database-precision.md). Each run is the client's own run
// record plus what only admins read: whose it is, the webhook's host and path (never its
// query string or credentials) and n8n's execution.

/** The screen's address (beside the app's other admin paths, which are in paths.ts). */
export const runsScreenPath = '/admin/runs';

/** Runs on one page of the screen. */
export const ADMIN_RUNS_PAGE_SIZE = 50;

/** How a run ended: `failed` includes runs that were interrupted. */
export const runOutcomes = ['ok', 'failed'] as const;
export type RunOutcomeFilter = (typeof runOutcomes)[number];

export const adminRunsMessages = {
  clientId: 'The client must be given by its id (a UUID).',
  processId: 'The process must be given by its id (a UUID).',
  state: `The state must be one of: ${runStates.join(', ')}.`,
  outcome: `The outcome must be one of: ${runOutcomes.join(', ')}.`,
  trigger: `The trigger must be one of: ${runTriggers.join(', ')}.`,
  day: 'Dates must be days (YYYY-MM-DD).',
  order: 'The start day must be on or before the end day.',
  q: 'Search by a whole run id or n8n execution id (at most 100 characters).',
} as const;

/** An empty field of a form or a link (`?clientId=`) means no filter. */
const blankAsNone = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsNone, schema.optional());

const day = z.iso.date({ error: adminRunsMessages.day });

export const AdminRunsQuerySchema = z
  .object({
    clientId: optional(z.uuid({ error: adminRunsMessages.clientId })),
    processId: optional(z.uuid({ error: adminRunsMessages.processId })),
    state: optional(z.enum(runStates, { error: adminRunsMessages.state })),
    outcome: optional(z.enum(runOutcomes, { error: adminRunsMessages.outcome })),
    trigger: optional(z.enum(runTriggers, { error: adminRunsMessages.trigger })),
    /** The first day (UTC) of runs started, included. */
    from: optional(day),
    /** The last day (UTC) of runs started, included. */
    to: optional(day),
    /** A whole run id or n8n execution id: an exact match, not a search in text. */
    q: optional(z.string().trim().max(100, adminRunsMessages.q)),
    /** The runs older than the page that answered this nextCursor. */
    cursor: optional(PageCursorSchema),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from > query.to) {
      ctx.addIssue({ code: 'custom', message: adminRunsMessages.order, path: ['to'] });
    }
  });
export type AdminRunsQuery = z.output<typeof AdminRunsQuerySchema>;

export const AdminRunSchema = RunSchema.extend({
  client: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    company: z.string().nullable(),
  }),
  process: z.object({ id: z.string(), name: z.string() }),
  /** The error as recorded (the client reads `error`, a plain text). */
  adminError: z.string().nullable(),
  /** The node n8n recorded as failing. */
  errorNode: z.string().nullable(),
  /** The webhook called: host and path only, never its query string or credentials. */
  target: z.string().nullable(),
  /** The process's fallback address was called, the workflow being inactive. */
  usedFallback: z.boolean(),
  /** n8n's page of the execution, when N8N_API_URL and the workflow id are known. */
  n8nExecutionUrl: z.string().nullable(),
  /**
   * The headers the call sends, from the process's settings as they are now; a
   * credential's value is never shown, only its kind.
   */
  headersSent: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type AdminRun = z.infer<typeof AdminRunSchema>;

export const AdminRunsPageSchema = z.object({
  runs: z.array(AdminRunSchema),
  /** Pass as `cursor` for older runs; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AdminRunsPage = z.infer<typeof AdminRunsPageSchema>;
