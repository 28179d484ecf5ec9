import { z } from 'zod';

// Runs (DESIGN §1): every call of a process's webhook, manual, scheduled or an admin's
// test, as the portal reads them back within the plan's log retention (SPEC §7).

export const runTriggers = ['manual', 'schedule', 'test'] as const;
export type RunTrigger = (typeof runTriggers)[number];

/**
 * A run is written as `running` before its webhook is called and `finished` after, so a
 * server that dies mid-call leaves a trace; such runs are later marked `interrupted`.
 */
export const runStates = ['running', 'finished', 'interrupted'] as const;
export type RunState = (typeof runStates)[number];

/** The newest run of a process, on the portal's process list. */
export const LastRunSchema = z.object({
  startedAt: z.string(),
  state: z.enum(runStates),
  /** Null while running. */
  ok: z.boolean().nullable(),
  statusCode: z.number().nullable(),
  trigger: z.enum(runTriggers),
});
export type LastRun = z.infer<typeof LastRunSchema>;

export const RunSchema = z.object({
  _id: z.string(),
  processId: z.string(),
  trigger: z.enum(runTriggers),
  triggeredBy: z.string().nullable(),
  /** The name (or e-mail) of who started it, when that user still exists. */
  triggeredByName: z.string().nullable(),
  startedAt: z.string(),
  state: z.enum(runStates),
  finishedAt: z.string().nullable(),
  /** Null while running. */
  durationMs: z.number().nullable(),
  statusCode: z.number().nullable(),
  /** Null while running; false once interrupted. */
  ok: z.boolean().nullable(),
  error: z.string().nullable(),
  bodySnippet: z.string().nullable(),
});
export type Run = z.infer<typeof RunSchema>;

/** GET /api/n8n/processes/{id}/runs: the newest runs within the plan's retention. */
export const RunHistorySchema = z.object({
  retentionDays: z.number(),
  runs: z.array(RunSchema),
});
export type RunHistory = z.infer<typeof RunHistorySchema>;
