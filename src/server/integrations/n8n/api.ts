import { z } from 'zod';
import { OutboundError, sendOutbound } from '#server/integrations/http/outbound.ts';
import type { Check } from '#shared/environment.ts';
import { readableUpstreamError } from './answers.ts';

// n8n's public API (1.1.1, docs.n8n.io/api): health, the API key, and the executions of a
// workflow. A "respond immediately" webhook answers before the workflow has run, so its
// outcome is read here: the execution whose trigger data carries the run id, else the one
// that started nearest the call. N8N_API_URL is set by the operator, so private addresses
// are allowed (unlike webhook URLs, which admins type into a form).

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
/** The statuses GET /executions filters on. */
export type N8nStatusFilter = 'canceled' | 'error' | 'running' | 'success' | 'waiting';

export interface N8nExecution {
  id: string;
  status: N8nExecutionStatus;
  startedAt: Date;
  stoppedAt: Date | null;
  errorMessage: string | null;
  /** The payload's runId found in the execution's trigger data, when present. */
  runId: string | null;
}

export interface ExecutionQuery {
  workflowId: string;
  limit?: number;
  cursor?: string;
  includeData?: boolean;
  status?: N8nStatusFilter;
}

export interface FindExecutionQuery {
  workflowId: string;
  runId: string;
  calledAt: Date;
  /** Executions already matched to other runs. */
  exclude?: Set<string>;
  /** How long after the call an execution may start and still be this call's. */
  windowMs?: number;
}

export interface N8nApi {
  health(): Promise<Check>;
  checkKey(): Promise<Check>;
  listExecutions(
    query: ExecutionQuery,
  ): Promise<{ data: N8nExecution[]; nextCursor: string | null }>;
  findExecution(query: FindExecutionQuery): Promise<N8nExecution | null>;
}

/** The instance's base URL from N8N_API_URL, given with or without /api/v1 and a slash. */
export function n8nApiBase(url: string): string {
  return url
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api\/v1$/, '');
}

const isoDate = z.string().pipe(z.coerce.date());

const RawExecutionSchema = z
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
  .refine((raw) => raw.startedAt || raw.createdAt, 'startedAt is missing')
  .transform(
    (raw): N8nExecution => ({
      id: raw.id,
      status: raw.status,
      startedAt: (raw.startedAt ?? raw.createdAt)!,
      stoppedAt: raw.stoppedAt ?? null,
      errorMessage: errorMessageOf(raw.data),
      runId: runIdOf(raw.data),
    }),
  );

const ExecutionPageSchema = z.object({
  data: z.array(RawExecutionSchema),
  nextCursor: z
    .string()
    .nullish()
    .transform((cursor) => cursor ?? null),
});

const ExecutionDataSchema = z.looseObject({
  resultData: z.looseObject({
    runData: z.record(z.string(), z.array(z.unknown())).optional(),
    error: z.looseObject({ message: z.string() }).optional(),
  }),
});

/** A node's first run whose first output item is JSON: a Webhook's { headers, query, body }. */
const firstOf = <T extends z.ZodType>(item: T) => z.tuple([item], z.unknown());
const NodeRunSchema = z.looseObject({
  data: z.looseObject({
    main: firstOf(firstOf(z.looseObject({ json: z.record(z.string(), z.unknown()) }))),
  }),
});

const RunIdHolderSchema = z.looseObject({ runId: z.string().min(1) });

function errorMessageOf(data: unknown): string | null {
  return ExecutionDataSchema.safeParse(data).data?.resultData.error?.message ?? null;
}

/** The run id a Webhook trigger received: in the JSON body, the query (GET) or X-Run-Id. */
function runIdOf(data: unknown): string | null {
  const runData = ExecutionDataSchema.safeParse(data).data?.resultData.runData ?? {};
  for (const runs of Object.values(runData)) {
    const json = NodeRunSchema.safeParse(runs[0]).data?.data.main[0][0].json;
    if (!json) continue;
    const headers = z.looseObject({ 'x-run-id': z.string().min(1) }).safeParse(json.headers);
    const found =
      RunIdHolderSchema.safeParse(json.body).data?.runId ??
      RunIdHolderSchema.safeParse(json.query).data?.runId ??
      headers.data?.['x-run-id'];
    if (found) return found;
  }
  return null;
}

const PAGE_SIZE = 20;
const MAX_PAGES = 5;
/** Clocks of this server and n8n differ a little; an execution may seem to start early. */
const EARLY_START_MS = 2_000;
/** Paging stops once executions started this long before the call. */
const LOOK_BACK_MS = 5_000;
const DEFAULT_WINDOW_MS = 60_000;

export function createN8nApi(options: { url: string; apiKey: string; timeoutMs?: number }): N8nApi {
  const base = n8nApiBase(options.url);
  const timeoutMs = options.timeoutMs ?? 10_000;
  // The key never appears in a message, even when n8n echoes it back.
  const redact = (text: string) =>
    options.apiKey ? text.split(options.apiKey).join('[API key]') : text;

  const get = async (path: string, withKey: boolean) => {
    try {
      return await sendOutbound({
        url: `${base}${path}`,
        method: 'GET',
        headers: {
          accept: 'application/json',
          ...(withKey ? { 'X-N8N-API-KEY': options.apiKey } : {}),
        },
        timeoutMs,
        allowPrivate: true,
        // Executions with their data can be large; 20 of them fit in this.
        maxBodyBytes: 4 * 1024 * 1024,
      });
    } catch (error) {
      const message = error instanceof OutboundError ? error.message : String(error);
      throw new Error(redact(`${base} could not be reached: ${message}`));
    }
  };

  const listExecutions: N8nApi['listExecutions'] = async (query) => {
    const params = new URLSearchParams({ workflowId: query.workflowId });
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    if (query.cursor) params.set('cursor', query.cursor);
    if (query.includeData) params.set('includeData', 'true');
    if (query.status) params.set('status', query.status);
    const response = await get(`/api/v1/executions?${params}`, true);
    if (response.status < 200 || response.status > 299) {
      const reason = readableUpstreamError(response.body) || 'no message';
      throw new Error(redact(`The n8n API answered ${response.status}: ${reason}`));
    }
    const parsed = ExecutionPageSchema.safeParse(parseJson(response.body));
    if (!parsed.success) {
      throw new Error(
        `The n8n API answered executions in an unexpected form: ${parsed.error.message}`,
      );
    }
    return parsed.data;
  };

  return {
    async health() {
      const url = `${base}/healthz`;
      try {
        const { status, body } = await get('/healthz', false);
        const answer = z.object({ status: z.literal('ok') }).safeParse(parseJson(body));
        if (status === 200 && answer.success) return { ok: true, details: `${url} answered ok.` };
        const snippet = readableUpstreamError(body).slice(0, 80) || 'an empty body';
        return { ok: false, details: `${url} answered ${status} with ${snippet}: not n8n.` };
      } catch (error) {
        return { ok: false, details: (error as Error).message };
      }
    },

    async checkKey() {
      try {
        const { status, body } = await get('/api/v1/workflows?limit=1', true);
        if (status === 401 || status === 403) {
          const reason = readableUpstreamError(body) || 'no message';
          return {
            ok: false,
            details: redact(`The n8n API refused the key (${status}: ${reason}).`),
          };
        }
        if (status < 200 || status > 299) {
          return { ok: false, details: `${base}/api/v1/workflows answered ${status}.` };
        }
        const answer = z.object({ data: z.array(z.unknown()) }).safeParse(parseJson(body));
        return answer.success
          ? { ok: true, details: 'The n8n API accepted the key.' }
          : { ok: false, details: `${base}/api/v1/workflows answered ${status}, but not as n8n.` };
      } catch (error) {
        return { ok: false, details: (error as Error).message };
      }
    },

    listExecutions,

    async findExecution(query) {
      const called = query.calledAt.getTime();
      const windowMs = query.windowMs ?? DEFAULT_WINDOW_MS;
      let nearest: N8nExecution | null = null;
      const distance = (e: N8nExecution) => Math.abs(e.startedAt.getTime() - called);
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const { data, nextCursor } = await listExecutions({
          workflowId: query.workflowId,
          limit: PAGE_SIZE,
          includeData: true,
          cursor,
        });
        for (const execution of data) {
          if (execution.runId === query.runId) return execution;
          const started = execution.startedAt.getTime();
          // One that carries another run's id is that run's, whatever its time.
          const candidate =
            execution.runId === null &&
            !query.exclude?.has(execution.id) &&
            started >= called - EARLY_START_MS &&
            started <= called + windowMs;
          if (candidate && (!nearest || distance(execution) < distance(nearest))) {
            nearest = execution;
          }
        }
        const oldest = data.at(-1);
        if (!nextCursor || !oldest || oldest.startedAt.getTime() < called - LOOK_BACK_MS) break;
        cursor = nextCursor;
      }
      return nearest;
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
