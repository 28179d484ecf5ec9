import { z } from 'zod';
import { OutboundError, sendOutbound } from '#server/integrations/http/outbound.ts';
import type { Check } from '#shared/environment.ts';
import { readableUpstreamError } from './answers.ts';
import {
  detailOf,
  ExecutionPageSchema,
  type N8nExecution,
  type N8nExecutionDetail,
  RawExecutionSchema,
} from './executions.ts';

export type { N8nError, N8nExecution, N8nExecutionDetail } from './executions.ts';
export { executionStatuses, FINAL_STATUSES } from './executions.ts';

// n8n's public API (1.1.1, docs.n8n.io/api): health, the API key, and the executions of a
// workflow (docs/decisions/024-runs-confirmed-by-n8n.md). Executions are listed without
// their data, which can be megabytes each; only the few that started near a call are read
// one by one with their data, for the run id their trigger received and n8n's error.
// n8n leaves executions still running out of its list unless asked for them by status, so
// both lists are read. N8N_API_URL is set by the operator, so private addresses are
// allowed (unlike webhook URLs, which admins type into a form).

/** The statuses GET /executions filters on. */
export type N8nStatusFilter = 'canceled' | 'error' | 'running' | 'success' | 'waiting';

export interface ExecutionQuery {
  workflowId: string;
  limit?: number;
  cursor?: string;
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
  /** The workflow's recent executions, when the caller listed them already. */
  recent?: N8nExecution[];
  /** Executions read so far, shared by the calls of one pass so none is read twice. */
  read?: Map<string, Promise<N8nExecutionDetail | null>>;
}

export interface N8nApi {
  health(): Promise<Check>;
  checkKey(): Promise<Check>;
  /** One page of a workflow's executions, newest first, without their data. */
  listExecutions(
    query: ExecutionQuery,
  ): Promise<{ data: N8nExecution[]; nextCursor: string | null }>;
  /** The workflow's executions started since `since`, running ones included. */
  recentExecutions(workflowId: string, since: Date): Promise<N8nExecution[]>;
  /** One execution, with its data when asked; null when n8n has none by that id. */
  getExecution(id: string, options?: { includeData?: boolean }): Promise<N8nExecutionDetail | null>;
  /** The execution that carries this run id, else the unclaimed one nearest the call. */
  findExecution(query: FindExecutionQuery): Promise<N8nExecutionDetail | null>;
}

/** The instance's base URL from N8N_API_URL, given with or without /api/v1 and a slash. */
export function n8nApiBase(url: string): string {
  return url
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api\/v1$/, '');
}

/** Executions listed a page at a time (no data, so a page is small). */
const PAGE_SIZE = 100;
const MAX_PAGES = 5;
/** Clocks of this server and n8n differ a little; an execution may seem to start early. */
const EARLY_START_MS = 2_000;
/** Paging stops once executions started this long before the call. */
const LOOK_BACK_MS = 5_000;
const DEFAULT_WINDOW_MS = 60_000;
/** Executions read with their data for one run, nearest its call first. */
const MAX_READS = 25;
/** A list page without data; one execution with its data (n8n keeps megabytes in some). */
const LIST_BYTES = 4 * 1024 * 1024;
export const EXECUTION_DATA_BYTES = 64 * 1024 * 1024;

export function createN8nApi(options: { url: string; apiKey: string; timeoutMs?: number }): N8nApi {
  const base = n8nApiBase(options.url);
  const timeoutMs = options.timeoutMs ?? 10_000;
  // The key never appears in a message, even when n8n echoes it back.
  const redact = (text: string) =>
    options.apiKey ? text.split(options.apiKey).join('[API key]') : text;

  const get = async (path: string, withKey: boolean, maxBodyBytes = LIST_BYTES) => {
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
        maxBodyBytes,
      });
    } catch (error) {
      const message = error instanceof OutboundError ? error.message : String(error);
      throw new Error(redact(`${base} could not be reached: ${message}`));
    }
  };

  const refused = (status: number, body: string) => {
    const reason = readableUpstreamError(body) || 'no message';
    return new Error(redact(`The n8n API answered ${status}: ${reason}`));
  };

  /**
   * Any server can say {"status":"ok"} at /healthz (this product does); n8n's public API
   * also refuses a call without a key in its own words, which other servers do not say.
   */
  const publicApiAnswersAsN8n = async (healthUrl: string) => {
    const path = '/api/v1/workflows?limit=1';
    const { status, body } = await get(path, false);
    const message = readableUpstreamError(body);
    if (status === 401 && /X-N8N-API-KEY/i.test(message)) {
      return {
        ok: true,
        details: `${healthUrl} answered ok, and n8n's public API asks for its key.`,
      };
    }
    const said = message.slice(0, 80) || 'an empty body';
    const why =
      status === 404
        ? ": n8n's public API is off there (N8N_PUBLIC_API_DISABLED), or it is not n8n"
        : ': not n8n';
    return {
      ok: false,
      details: `${healthUrl} answered ok, but ${base}${path} without a key answered ${status} with ${said}${why}.`,
    };
  };

  const listExecutions: N8nApi['listExecutions'] = async (query) => {
    const params = new URLSearchParams({ workflowId: query.workflowId });
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    if (query.cursor) params.set('cursor', query.cursor);
    if (query.status) params.set('status', query.status);
    const response = await get(`/api/v1/executions?${params}`, true);
    if (response.status < 200 || response.status > 299) {
      throw refused(response.status, response.body);
    }
    const parsed = ExecutionPageSchema.safeParse(parseJson(response.body));
    if (!parsed.success) {
      throw new Error(
        `The n8n API answered executions in an unexpected form: ${parsed.error.message}`,
      );
    }
    return parsed.data;
  };

  /** Pages of one list back to `since`, newest first (n8n orders by id). */
  const listSince = async (workflowId: string, since: Date, status?: N8nStatusFilter) => {
    const found: N8nExecution[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const { data, nextCursor } = await listExecutions({
        workflowId,
        limit: PAGE_SIZE,
        cursor,
        status,
      });
      found.push(...data);
      const oldest = data.at(-1);
      if (!nextCursor || !oldest || oldest.startedAt < since) break;
      cursor = nextCursor;
    }
    return found;
  };

  const recentExecutions: N8nApi['recentExecutions'] = async (workflowId, since) => {
    const [ended, running] = await Promise.all([
      listSince(workflowId, since),
      listSince(workflowId, since, 'running'),
    ]);
    const byId = new Map([...ended, ...running].map((e) => [e.id, e]));
    return [...byId.values()];
  };

  const getExecution: N8nApi['getExecution'] = async (id, { includeData = false } = {}) => {
    const query = includeData ? '?includeData=true' : '';
    const path = `/api/v1/executions/${encodeURIComponent(id)}${query}`;
    const response = await get(path, true, includeData ? EXECUTION_DATA_BYTES : LIST_BYTES);
    if (response.status === 404) return null;
    if (response.status < 200 || response.status > 299) {
      throw refused(response.status, response.body);
    }
    const raw = RawExecutionSchema.safeParse(parseJson(response.body));
    if (raw.success) return detailOf(raw.data);
    // Data past the limit is cut and does not parse: the execution is still known by id.
    if (response.cut) {
      const plain = await getExecution(id);
      return plain && { ...plain, dataRead: false };
    }
    throw new Error(`The n8n API answered execution ${id} in an unexpected form.`);
  };

  return {
    async health() {
      const url = `${base}/healthz`;
      try {
        const { status, body } = await get('/healthz', false);
        const answer = z.object({ status: z.literal('ok') }).safeParse(parseJson(body));
        if (status !== 200 || !answer.success) {
          const snippet = readableUpstreamError(body).slice(0, 80) || 'an empty body';
          return { ok: false, details: `${url} answered ${status} with ${snippet}: not n8n.` };
        }
        return await publicApiAnswersAsN8n(url);
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
    recentExecutions,
    getExecution,

    async findExecution(query) {
      const called = query.calledAt.getTime();
      const windowMs = query.windowMs ?? DEFAULT_WINDOW_MS;
      const recent =
        query.recent ?? (await recentExecutions(query.workflowId, new Date(called - LOOK_BACK_MS)));
      // Those that started near the call, nearest first: usually the first one read is it.
      const distance = (e: N8nExecution) => Math.abs(e.startedAt.getTime() - called);
      const candidates = recent
        .filter((e) => !query.exclude?.has(e.id))
        .filter((e) => {
          const started = e.startedAt.getTime();
          return started >= called - EARLY_START_MS && started <= called + windowMs;
        })
        .sort((a, b) => distance(a) - distance(b))
        .slice(0, MAX_READS);
      const read = query.read ?? new Map<string, Promise<N8nExecutionDetail | null>>();
      let nearest: N8nExecutionDetail | null = null;
      for (const candidate of candidates) {
        let detail = read.get(candidate.id);
        if (!detail) {
          detail = getExecution(candidate.id, { includeData: true });
          read.set(candidate.id, detail);
        }
        const execution = await detail;
        if (!execution) continue;
        if (execution.runId === query.runId) return execution;
        // One that carries another run's id is that run's, whatever its time.
        if (execution.runId === null) nearest ??= execution;
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
