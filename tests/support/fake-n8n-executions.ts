import type { IncomingHttpHeaders } from 'node:http';

// The fake n8n's executions and its public API over them, as n8n 2.x answers:
// GET /api/v1/executions lists newest first by id (status, workflowId, limit <= 250,
// cursor = base64 {lastId, limit}), leaves out executions still running unless asked for
// status=running, counts crashed as error, and adds each execution's data only with
// includeData=true; GET /api/v1/executions/{id} answers one, or 404 {"message":"Not Found"}.
// An execution's data is n8n's IRunExecutionData: the trigger's item in
// resultData.runData.Webhook (or, while running, on executionData.nodeExecutionStack), a
// failing node's task error and resultData.error with the node, and lastNodeExecuted.

export type FakeExecutionStatus =
  | 'canceled'
  | 'crashed'
  | 'error'
  | 'new'
  | 'running'
  | 'success'
  | 'waiting';

/** What a Webhook trigger node outputs for a request. */
export interface TriggerItem {
  headers: IncomingHttpHeaders;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  webhookUrl?: string;
  executionMode?: 'production';
}

/** A node that failed, as n8n records a NodeApiError or NodeOperationError. */
export interface FakeNodeError {
  node: string;
  message: string;
  description?: string;
}

export interface FakeExecution {
  id: string;
  workflowId: string;
  status: FakeExecutionStatus;
  startedAt: Date;
  stoppedAt: Date | null;
  /** Set while a Wait over 65 s has parked it. */
  waitTill: Date | null;
  /** The trigger's output item; null when the workflow keeps no trigger data. */
  trigger: TriggerItem | null;
  /** The node that failed; null for an execution that did not fail in a node. */
  error: FakeNodeError | null;
  /** Bytes of a node's output kept in the execution's data (a large report). */
  dataBytes: number;
}

export type NewExecution = Pick<FakeExecution, 'workflowId' | 'startedAt'> & Partial<FakeExecution>;

export function createExecutions() {
  const executions: FakeExecution[] = [];
  const add = (init: NewExecution): FakeExecution => {
    const execution: FakeExecution = {
      id: String(executions.length + 1),
      status: 'success',
      stoppedAt: null,
      waitTill: null,
      trigger: null,
      error: null,
      dataBytes: 0,
      ...init,
    };
    executions.push(execution);
    return execution;
  };
  /** Ends an execution as n8n does: stopped now, failed in `error`'s node when given. */
  const finish = (execution: FakeExecution, error: FakeNodeError | null) => {
    execution.status = error ? 'error' : 'success';
    execution.error = error;
    execution.waitTill = null;
    execution.stoppedAt = new Date();
  };
  return { executions, add, finish };
}

const FILTERABLE = [
  'canceled',
  'crashed',
  'error',
  'new',
  'running',
  'success',
  'unknown',
  'waiting',
];

/** GET /api/v1/...: [status, JSON answer]. */
export function publicApi(
  url: URL,
  headers: IncomingHttpHeaders,
  apiKey: string,
  executions: FakeExecution[],
): [number, unknown] {
  const key = headers['x-n8n-api-key'];
  if (!key) return [401, { message: "'X-N8N-API-KEY' header required" }];
  if (key !== apiKey) return [401, { message: 'unauthorized' }];
  const query = url.searchParams;
  const includeData = query.get('includeData') === 'true';
  const one = /^\/api\/v1\/executions\/([^/]+)$/.exec(url.pathname)?.[1];
  if (one) {
    const execution = executions.find((e) => e.id === decodeURIComponent(one));
    return execution
      ? [200, executionJson(execution, includeData)]
      : [404, { message: 'Not Found' }];
  }
  const limit = Number(query.get('limit') ?? 100);
  if (!Number.isInteger(limit) || limit < 1) {
    return [400, { message: 'request/query/limit must be integer' }];
  }
  if (limit > 250) return [400, { message: 'request/query/limit must be <= 250' }];
  if (url.pathname === '/api/v1/workflows') {
    const ids = [...new Set(executions.map((e) => e.workflowId))].slice(0, limit);
    return [
      200,
      { data: ids.map((id) => ({ id, name: `Workflow ${id}`, active: true })), nextCursor: null },
    ];
  }
  if (url.pathname !== '/api/v1/executions') return [404, { message: 'not found' }];
  const status = query.get('status');
  if (status && !FILTERABLE.includes(status)) {
    return [
      400,
      {
        message: `request/query/status must be equal to one of the allowed values: ${FILTERABLE.join(', ')}`,
      },
    ];
  }
  const statusMatches = (e: FakeExecution) =>
    !status || (status === 'error' ? ['error', 'crashed'].includes(e.status) : e.status === status);
  // Active executions (running, or queued as new) are left out unless running ones are asked for.
  const active = (e: FakeExecution) => e.status === 'running' || e.status === 'new';
  const workflowId = query.get('workflowId');
  const matching = executions
    .filter((e) => !workflowId || e.workflowId === workflowId)
    .filter((e) => (status === 'running' ? e.status === 'running' : !active(e) && statusMatches(e)))
    .sort((a, b) => Number(b.id) - Number(a.id));
  const cursor = query.get('cursor');
  const lastId = cursor ? lastIdOf(cursor) : null;
  if (lastId === undefined) return [400, { message: 'cursor is invalid' }];
  const page = matching.filter((e) => lastId === null || Number(e.id) < Number(lastId));
  const data = page.slice(0, limit);
  const last = data.at(-1);
  const nextCursor =
    last && page.length > limit
      ? Buffer.from(JSON.stringify({ lastId: last.id, limit })).toString('base64')
      : null;
  return [200, { data: data.map((e) => executionJson(e, includeData)), nextCursor }];
}

/** n8n's cursor is base64 JSON { lastId, limit }; undefined when it is not. */
function lastIdOf(cursor: string): string | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString()) as { lastId?: unknown };
    return typeof parsed.lastId === 'string' ? parsed.lastId : undefined;
  } catch {
    return undefined;
  }
}

function executionJson(execution: FakeExecution, includeData: boolean) {
  return {
    id: execution.id,
    finished: execution.status === 'success',
    mode: 'webhook',
    retryOf: null,
    retrySuccessId: null,
    startedAt: execution.startedAt.toISOString(),
    stoppedAt: execution.stoppedAt?.toISOString() ?? null,
    workflowId: execution.workflowId,
    waitTill: execution.waitTill?.toISOString() ?? null,
    status: execution.status,
    ...(includeData ? { data: executionData(execution) } : {}),
  };
}

const task = (main: unknown[][] | null, extra: object = {}) => ({
  startTime: Date.now(),
  executionTime: 3,
  source: [],
  ...(main ? { data: { main } } : {}),
  ...extra,
});

/** n8n's IRunExecutionData for the execution as it stands. */
function executionData(execution: FakeExecution) {
  const { trigger, error, status } = execution;
  const webhook = {
    name: 'Webhook',
    type: 'n8n-nodes-base.webhook',
    typeVersion: 2,
    parameters: {},
  };
  const triggerItems = trigger ? [[{ json: trigger }]] : [[{ json: {} }]];
  if (status === 'running' || status === 'new') {
    return {
      startData: {},
      resultData: { runData: {} },
      executionData: {
        contextData: {},
        nodeExecutionStack: [{ node: webhook, data: { main: triggerItems }, source: null }],
        waitingExecution: {},
        waitingExecutionSource: {},
      },
    };
  }
  const runData: Record<string, unknown[]> = {
    Webhook: [task(trigger ? triggerItems : null, { executionStatus: 'success' })],
  };
  if (execution.dataBytes > 0) {
    // A report whose rows fill the execution's data (n8n keeps every node's output).
    const row = { json: { line: 'x'.repeat(1000) } };
    const rows = Array.from({ length: Math.ceil(execution.dataBytes / 1014) }, () => row);
    runData['Build report'] = [task([rows], { executionStatus: 'success' })];
  }
  if (status === 'waiting') {
    runData.Wait = [task(triggerItems, { executionStatus: 'waiting' })];
    return {
      startData: {},
      resultData: { runData, lastNodeExecuted: 'Wait' },
      waitTill: execution.waitTill,
    };
  }
  if (!error) {
    const last = Object.keys(runData).at(-1);
    return { startData: {}, resultData: { runData, lastNodeExecuted: last } };
  }
  const nodeError = {
    level: 'warning',
    tags: {},
    description: error.description ?? null,
    context: {},
    functionality: 'regular',
    name: 'NodeApiError',
    timestamp: Date.now(),
    node: {
      name: error.node,
      type: 'n8n-nodes-base.httpRequest',
      typeVersion: 4.2,
      parameters: {},
    },
    messages: [],
    httpCode: '400',
    message: error.message,
    stack: `NodeApiError: ${error.message}\n    at ExecuteContext.execute (/usr/local/lib/node_modules/n8n/node_modules/n8n-nodes-base/dist/nodes/HttpRequest/V3/HttpRequestV3.node.js:525:33)`,
  };
  runData[error.node] = [task(null, { executionStatus: 'error', error: nodeError })];
  return {
    startData: {},
    resultData: { runData, lastNodeExecuted: error.node, error: nodeError },
  };
}
