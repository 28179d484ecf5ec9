import { z } from 'zod';
import { storable } from './answer-body.ts';
import { readableUpstreamError } from './answers.ts';

// Executions as n8n's public API answers them (GET /api/v1/executions and
// /api/v1/executions/{id}): id, status, startedAt, stoppedAt, waitTill, and with
// includeData=true the run data. From the data come the run id a Webhook trigger received
// and the error n8n recorded: `resultData.error` (with the failing node on `node`), the
// node's own task error in `resultData.runData`, and `lastNodeExecuted`.

export const executionStatuses = [
  'canceled',
  'crashed',
  'error',
  'new',
  'running',
  'success',
  'unknown',
  'waiting',
] as const;
export type N8nExecutionStatus = (typeof executionStatuses)[number];

/** How an execution ended; the others are still under way (or unknown). */
export const FINAL_STATUSES: ReadonlySet<N8nExecutionStatus> = new Set([
  'success',
  'error',
  'crashed',
  'canceled',
]);

export interface N8nExecution {
  id: string;
  status: N8nExecutionStatus;
  startedAt: Date;
  stoppedAt: Date | null;
}

/** What n8n recorded of a failure: its message, its description, and the node that failed. */
export interface N8nError {
  message: string;
  description: string | null;
  node: string | null;
}

/** One execution read with its data. */
export interface N8nExecutionDetail extends N8nExecution {
  /** The payload's runId found in the trigger's data; null when none is there. */
  runId: string | null;
  error: N8nError | null;
  /** False when the data could not be read (too large, or not n8n's form). */
  dataRead: boolean;
}

const isoDate = z.string().pipe(z.coerce.date());

export const RawExecutionSchema = z
  .looseObject({
    id: z.union([z.string(), z.number()]).transform(String),
    // A status added by a later n8n must not fail the whole page.
    status: z.enum(executionStatuses).catch('unknown'),
    startedAt: isoDate.nullish(),
    // Newer n8n leaves startedAt null until a queued execution starts.
    createdAt: isoDate.optional(),
    stoppedAt: isoDate.nullish(),
    data: z.unknown().optional(),
  })
  .refine((raw) => raw.startedAt || raw.createdAt, 'startedAt is missing');
type RawExecution = z.output<typeof RawExecutionSchema>;

export const executionOf = (raw: RawExecution): N8nExecution => ({
  id: raw.id,
  status: raw.status,
  startedAt: (raw.startedAt ?? raw.createdAt)!,
  stoppedAt: raw.stoppedAt ?? null,
});

export const ExecutionPageSchema = z.object({
  data: z.array(RawExecutionSchema.transform(executionOf)),
  nextCursor: z
    .string()
    .nullish()
    .transform((cursor) => cursor ?? null),
});

/** The execution read with its data; `dataRead` false when the data is not n8n's form. */
export function detailOf(raw: RawExecution): N8nExecutionDetail {
  const data = ExecutionDataSchema.safeParse(raw.data);
  return {
    ...executionOf(raw),
    runId: data.success ? runIdOf(data.data) : null,
    error: data.success ? errorOf(data.data) : null,
    dataRead: data.success,
  };
}

const ErrorSchema = z.looseObject({
  message: z.string().optional(),
  description: z.string().nullish(),
  node: z.looseObject({ name: z.string() }).optional(),
});

const TaskSchema = z.looseObject({
  error: ErrorSchema.optional(),
  data: z.looseObject({ main: z.array(z.array(z.unknown()).nullable()) }).optional(),
});

const ExecutionDataSchema = z.looseObject({
  resultData: z.looseObject({
    runData: z.record(z.string(), z.array(TaskSchema)).optional(),
    lastNodeExecuted: z.string().optional(),
    error: ErrorSchema.optional(),
  }),
  // A running execution keeps its trigger's output on the stack until progress is saved.
  executionData: z
    .looseObject({
      nodeExecutionStack: z
        .array(z.looseObject({ data: z.looseObject({ main: z.array(z.unknown()) }) }))
        .optional(),
    })
    .nullish(),
});
type ExecutionData = z.output<typeof ExecutionDataSchema>;

/** The failing node and its message: the execution's error, else a node's task error. */
function errorOf(data: ExecutionData): N8nError | null {
  const { runData = {}, lastNodeExecuted, error } = data.resultData;
  const failedTask = Object.entries(runData).find(([, tasks]) => tasks.at(-1)?.error?.message);
  const found = error?.message ? error : failedTask?.[1].at(-1)?.error;
  if (!found?.message) return null;
  const node = found.node?.name ?? failedTask?.[0] ?? lastNodeExecuted ?? null;
  const description = found.description ? readable(found.description) : null;
  return { message: readable(found.message), description: description || null, node };
}

/** n8n's messages may carry stack frames and server paths, and (from JSON) NUL. */
const readable = (text: string) => storable(readableUpstreamError(text));

const JsonItemSchema = z.looseObject({ json: z.record(z.string(), z.unknown()) });
const RunIdHolderSchema = z.looseObject({ runId: z.string().min(1) });
const HeadersSchema = z.looseObject({ 'x-run-id': z.string().min(1) });

/** The run id a Webhook trigger received: in the JSON body, the query (GET) or X-Run-Id. */
function runIdOf(data: ExecutionData): string | null {
  const outputs = [
    ...Object.values(data.resultData.runData ?? {}).map((tasks) => tasks[0]?.data?.main),
    ...(data.executionData?.nodeExecutionStack ?? []).map((entry) => entry.data.main),
  ];
  for (const main of outputs) {
    const item = JsonItemSchema.safeParse((main?.[0] as unknown[] | null | undefined)?.[0]);
    if (!item.success) continue;
    const { json } = item.data;
    const found =
      RunIdHolderSchema.safeParse(json.body).data?.runId ??
      RunIdHolderSchema.safeParse(json.query).data?.runId ??
      HeadersSchema.safeParse(json.headers).data?.['x-run-id'];
    if (found) return found;
  }
  return null;
}
