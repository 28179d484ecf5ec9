import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors, jwtVerify } from 'jose';

// A real HTTP server on loopback standing in for n8n (2.x where it matters). Paths choose
// the answer:
//   /ok/...      200 with a JSON body      /fail/...  500 with a text body
//   /slow/...    answers after 5 s         /status/NNN/...  answers NNN
//   /hold/...    answers 200 when the test calls releaseHeld()
//   /sleep/<ms>/...  200 with a JSON body after <ms> milliseconds
//   /immediate/<success|error>/...  200 {"message":"Workflow was started"} at once, like a
//       "Respond: Immediately" webhook; records an execution of the payload's workflowId
//       (running, then success or error after executionDelayMs). With .../echo/... the
//       execution's trigger data holds the request (so the payload's runId can be matched).
//   /webhook-test/...  404 as n8n's test URL when the editor is not listening
//   /webhook/unregistered...  404 as a production URL of an inactive workflow
//   GET /healthz  {"status":"ok"}
//   GET /api/v1/executions, GET /api/v1/workflows  n8n's public API (X-N8N-API-KEY)
// requireAuth(prefix, auth) puts a Webhook node's Header, Basic or JWT auth in front of
// every path starting with prefix; n8n answers in plain text (WWW-Authenticate set):
// header auth 403 when missing or wrong, basic and JWT 401 when missing, 403 when wrong.
// Every request is recorded for assertions.

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type WebhookAuth =
  | { kind: 'header'; name: string; value: string }
  | { kind: 'basic'; user: string; password: string }
  | { kind: 'jwt'; secret: string };

export type FakeExecutionStatus =
  | 'canceled'
  | 'crashed'
  | 'error'
  | 'running'
  | 'success'
  | 'waiting';

/** What a Webhook trigger node outputs for a request. */
export interface TriggerItem {
  headers: IncomingHttpHeaders;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

export interface FakeExecution {
  id: string;
  workflowId: string;
  status: FakeExecutionStatus;
  startedAt: Date;
  stoppedAt: Date | null;
  errorMessage: string | null;
  /** The trigger's output item; null when the workflow keeps no trigger data. */
  trigger: TriggerItem | null;
}

export interface FakeN8nOptions {
  /** The key the public API accepts; FAKE_N8N_API_KEY when absent. */
  apiKey?: string;
  /** How long an /immediate/ execution runs before it finishes. */
  executionDelayMs?: number;
}

export interface FakeN8n {
  url(path: string): string;
  received: ReceivedRequest[];
  /** Requests whose path starts with `prefix`. */
  to(prefix: string): ReceivedRequest[];
  /** Answers every /hold/ request waiting so far; returns how many. */
  releaseHeld(): number;
  /** The key the public API accepts. */
  apiKey: string;
  /** Every execution, in the order they were recorded. */
  executions: FakeExecution[];
  /** Records an execution as if n8n had run one (for the executions API). */
  addExecution(
    execution: Pick<FakeExecution, 'workflowId' | 'startedAt'> & Partial<FakeExecution>,
  ): FakeExecution;
  /** Webhooks under `prefix` require this auth, as a Webhook node's Authentication. */
  requireAuth(prefix: string, auth: WebhookAuth): void;
  close(): Promise<void>;
}

export const FAKE_N8N_API_KEY = 'fake-n8n-api-key';

/** Starts the fake; the caller closes it (tests use startFakeN8n in fake-n8n.ts). */
export async function createFakeN8n(options: FakeN8nOptions = {}): Promise<FakeN8n> {
  const apiKey = options.apiKey ?? FAKE_N8N_API_KEY;
  const executionDelayMs = options.executionDelayMs ?? 300;
  const received: ReceivedRequest[] = [];
  const held: (() => void)[] = [];
  const executions: FakeExecution[] = [];
  const auths: { prefix: string; auth: WebhookAuth }[] = [];

  const addExecution: FakeN8n['addExecution'] = (init) => {
    const execution: FakeExecution = {
      id: String(executions.length + 1),
      status: 'success',
      stoppedAt: null,
      errorMessage: null,
      trigger: null,
      ...init,
    };
    executions.push(execution);
    return execution;
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const path = req.url ?? '/';
      const method = req.method ?? 'GET';
      const body = Buffer.concat(chunks).toString();
      received.push({ method, path, headers: req.headers, body });
      const url = new URL(path, 'http://fake-n8n');
      const json = (status: number, answer: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));

      if (url.pathname === '/healthz') return json(200, { status: 'ok' });
      if (url.pathname.startsWith('/api/v1/')) {
        const [status, answer] = publicApi(url, req.headers, apiKey, executions);
        return json(status, answer);
      }
      const refused = await authProblem(req, auths.find((a) => path.startsWith(a.prefix))?.auth);
      if (refused) {
        return res
          .writeHead(refused.status, {
            'content-type': 'text/plain',
            'www-authenticate': 'Basic realm="Webhook"',
          })
          .end(refused.message);
      }
      const webhook = /^\/webhook(-test)?\/(.*)$/.exec(url.pathname);
      if (webhook && (webhook[1] || webhook[2]!.startsWith('unregistered'))) {
        return json(404, notRegistered(method, webhook[2]!, webhook[1] === '-test'));
      }
      const immediate = /^\/immediate\/(success|error)(\/echo)?\//.exec(url.pathname);
      if (immediate) {
        const trigger = triggerItem(req.headers, url, body);
        const execution = addExecution({
          workflowId: String(workflowIdOf(trigger) ?? ''),
          status: 'running',
          startedAt: new Date(),
          trigger: immediate[2] ? trigger : null,
        });
        setTimeout(() => {
          execution.status = immediate[1] === 'success' ? 'success' : 'error';
          execution.stoppedAt = new Date();
          if (execution.status === 'error') {
            execution.errorMessage = 'Workflow failed: the fake was told to fail';
          }
        }, executionDelayMs).unref();
        return json(200, { message: 'Workflow was started' });
      }
      const sleep = /^\/sleep\/(\d+)\//.exec(url.pathname)?.[1];
      if (sleep) {
        setTimeout(() => json(200, { slept: Number(sleep), path }), Number(sleep)).unref();
        return;
      }

      const status = /^\/status\/(\d{3})/.exec(path)?.[1];
      if (path.startsWith('/hold')) {
        held.push(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('released'));
      } else if (path.startsWith('/slow')) {
        setTimeout(() => res.end('late'), 5_000).unref();
      } else if (path.startsWith('/fail')) {
        res
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`workflow crashed ${'x'.repeat(400)}`);
      } else if (status) {
        res.writeHead(Number(status), { 'content-type': 'text/plain' }).end(`answered ${status}`);
      } else {
        json(200, { received: true, path });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    to: (prefix) => received.filter((r) => r.path.startsWith(prefix)),
    releaseHeld: () => {
      const waiting = held.splice(0);
      for (const answer of waiting) answer();
      return waiting.length;
    },
    apiKey,
    executions,
    addExecution,
    requireAuth: (prefix, auth) => {
      auths.push({ prefix, auth });
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** n8n's Webhook node: validateWebhookAuthentication (nodes-base/nodes/Webhook/utils.ts). */
async function authProblem(
  req: IncomingMessage,
  auth: WebhookAuth | undefined,
): Promise<{ status: 401 | 403; message: string } | null> {
  const required = { status: 401, message: 'Authorization is required!' } as const;
  const wrong = { status: 403, message: 'Authorization data is wrong!' } as const;
  if (!auth) return null;
  if (auth.kind === 'header') {
    return req.headers[auth.name.toLowerCase()] === auth.value ? null : wrong;
  }
  const authorization = req.headers.authorization;
  if (auth.kind === 'basic') {
    const basic = /^basic +(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!basic) return required;
    const expected = `${auth.user}:${auth.password}`;
    return Buffer.from(basic, 'base64').toString() === expected ? null : wrong;
  }
  const token = authorization?.split(' ')[1];
  if (!token) return { status: 401, message: 'No token provided' };
  try {
    await jwtVerify(token, new TextEncoder().encode(auth.secret), { algorithms: ['HS256'] });
    return null;
  } catch (error) {
    return { status: 403, message: jsonwebtokenMessage(error) };
  }
}

/** n8n verifies with the jsonwebtoken package and answers its error message. */
function jsonwebtokenMessage(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'jwt expired';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'invalid signature';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'invalid algorithm';
  return 'jwt malformed';
}

function notRegistered(method: string, path: string, test: boolean) {
  const message = `The requested webhook "${method} ${path}" is not registered.`;
  const hint = test
    ? "Click the 'Execute workflow' button on the canvas, then try again. (In test mode, the workflow only works for one call after you click this button)"
    : "The workflow must be active for a production URL to run successfully. You can activate the workflow using the toggle in the top-right of the editor. Note that unlike test URL calls, production URL calls aren't shown on the canvas (only in the executions list)";
  const frame = test
    ? 'TestWebhooks.getWebhookMethods (/usr/local/lib/node_modules/n8n/dist/webhooks/test-webhooks.js:212:19)'
    : 'ActiveWebhooks.findWebhook (/usr/local/lib/node_modules/n8n/dist/webhooks/active-webhooks.js:110:19)';
  const stacktrace = `Error: ${message}\n    at ${frame}\n    at process.processTicksAndRejections (node:internal/process/task_queues:105:5)\n    at WebhookRequestHandler.handleRequest (/usr/local/lib/node_modules/n8n/dist/webhooks/webhook-request-handler.js:44:34)`;
  return { code: 404, message, hint, stacktrace };
}

function triggerItem(headers: IncomingHttpHeaders, url: URL, body: string): TriggerItem {
  let parsed: unknown = {};
  try {
    parsed = body ? JSON.parse(body) : {};
  } catch {
    parsed = body;
  }
  return { headers, params: {}, query: Object.fromEntries(url.searchParams), body: parsed };
}

function workflowIdOf(trigger: TriggerItem): unknown {
  const body = trigger.body as { workflowId?: unknown } | null;
  return (typeof body === 'object' && body?.workflowId) || trigger.query.workflowId;
}

const FILTERABLE = ['canceled', 'error', 'running', 'success', 'waiting'];

/** GET /api/v1/executions and /api/v1/workflows: [status, JSON answer]. */
function publicApi(
  url: URL,
  headers: IncomingHttpHeaders,
  apiKey: string,
  executions: FakeExecution[],
): [number, unknown] {
  const key = headers['x-n8n-api-key'];
  if (!key) return [401, { message: "'X-N8N-API-KEY' header required" }];
  if (key !== apiKey) return [401, { message: 'unauthorized' }];
  const query = url.searchParams;
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
  const workflowId = query.get('workflowId');
  const matching = executions
    .filter((e) => (!workflowId || e.workflowId === workflowId) && (!status || e.status === status))
    .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime() || Number(b.id) - Number(a.id));
  const cursor = query.get('cursor');
  const lastId = cursor ? lastIdOf(cursor) : null;
  if (lastId === undefined) return [400, { message: 'cursor is invalid' }];
  const from = lastId === null ? 0 : matching.findIndex((e) => e.id === lastId) + 1;
  const page = matching.slice(from, from + limit);
  const last = page.at(-1);
  const nextCursor =
    last && from + limit < matching.length
      ? Buffer.from(JSON.stringify({ lastId: last.id, limit })).toString('base64')
      : null;
  const includeData = query.get('includeData') === 'true';
  return [200, { data: page.map((e) => executionJson(e, includeData)), nextCursor }];
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
  const { trigger, errorMessage } = execution;
  const runData = trigger ? { Webhook: [{ data: { main: [[{ json: trigger }]] } }] } : {};
  return {
    id: execution.id,
    finished: execution.status === 'success',
    mode: 'webhook',
    retryOf: null,
    retrySuccessId: null,
    startedAt: execution.startedAt.toISOString(),
    stoppedAt: execution.stoppedAt?.toISOString() ?? null,
    workflowId: execution.workflowId,
    waitTill: null,
    status: execution.status,
    ...(includeData
      ? {
          data: {
            resultData: { runData, ...(errorMessage ? { error: { message: errorMessage } } : {}) },
          },
        }
      : {}),
  };
}
