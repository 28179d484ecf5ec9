import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors, jwtVerify } from 'jose';
import {
  createExecutions,
  type FakeExecution,
  type FakeNodeError,
  type NewExecution,
  publicApi,
  type TriggerItem,
} from './fake-n8n-executions.ts';

// A real HTTP server on loopback standing in for n8n 2.x. Every webhook that reaches a
// workflow records an execution of the payload's workflowId, with the request as its
// trigger's item (fake-n8n-executions.ts holds them and the public API). Paths choose how
// the workflow answers:
//   /ok/...      200 JSON, the execution succeeded   /fail/...  500 with a text body
//   /slow/...    answers after 5 s         /status/NNN/...  answers NNN
//   /hold/...    answers 200 when the test calls releaseHeld()
//   /sleep/<ms>/...  200 with a JSON body after <ms> milliseconds, when the execution ends
//   /immediate/<success|error>/...  "Respond: Immediately": 200 {"message":"Workflow was
//       started"} at once, the execution running, then ending after executionDelayMs (an
//       error fails in node "Send invoice"). With .../echo/... the execution keeps the
//       trigger's data (so the payload's runId can be matched); with .../custom/... the
//       answer is the webhook's own Response Data text instead.
//   /parked/<success|error>/...  "When Last Node Finishes" with a Wait over 65 s: n8n parks
//       the execution (waiting) and answers 200 at once with the Webhook node's item; the
//       execution resumes and ends after executionDelayMs (standing in for the 70 s).
//   /responder/<success|error>/...  a Respond to Webhook node answers 200 {"accepted":true},
//       then the execution goes on and ends after executionDelayMs.
//   /binary/...  answers a PDF (application/pdf, bytes with NUL), the execution succeeded.
//   /node-error/...  the last node fails: 500 {"message":"Error in workflow"}; the execution
//       holds the failing node "Create invoice" and its message.
//   /large/<success|error>/...  "Respond: Immediately", then an execution whose data holds
//       5 MB (a report node's output).
//   /big-answer/...  200 text/plain of 80 KB.
//   /webhook-test/...  404 as n8n's test URL when the editor is not listening
//   /webhook/unregistered...  404 as a production URL of an inactive workflow
//   GET /healthz  {"status":"ok"}
//   GET /api/v1/executions[/id], GET /api/v1/workflows  n8n's public API (X-N8N-API-KEY)
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

export type {
  FakeExecution,
  FakeExecutionStatus,
  FakeNodeError,
  TriggerItem,
} from './fake-n8n-executions.ts';

export interface FakeN8nOptions {
  /** The key the public API accepts; FAKE_N8N_API_KEY when absent. */
  apiKey?: string;
  /** How long an execution goes on after an early answer before it ends. */
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
  addExecution(execution: NewExecution): FakeExecution;
  /** Webhooks under `prefix` require this auth, as a Webhook node's Authentication. */
  requireAuth(prefix: string, auth: WebhookAuth): void;
  close(): Promise<void>;
}

export const FAKE_N8N_API_KEY = 'fake-n8n-api-key';

/** The node errors the fake's workflows fail with, as n8n records them. */
export const FAKE_NODE_ERRORS = {
  immediate: { node: 'Send invoice', message: 'The fake was told to fail' },
  parked: {
    node: 'Send reminder',
    message: 'The resource you are requesting could not be found',
    description: 'No contact with id 4711',
  },
  lastNode: {
    node: 'Create invoice',
    message: 'Bad request - please check your parameters',
    description: "Invalid email address: 'not-an-email'",
  },
} satisfies Record<string, FakeNodeError>;

/** The size of the data of a /large/ execution. */
export const LARGE_EXECUTION_BYTES = 5 * 1024 * 1024;

/** Starts the fake; the caller closes it (tests use startFakeN8n in fake-n8n.ts). */
export async function createFakeN8n(options: FakeN8nOptions = {}): Promise<FakeN8n> {
  const apiKey = options.apiKey ?? FAKE_N8N_API_KEY;
  const executionDelayMs = options.executionDelayMs ?? 300;
  const received: ReceivedRequest[] = [];
  const held: (() => void)[] = [];
  const { executions, add: addExecution, finish } = createExecutions();
  const auths: { prefix: string; auth: WebhookAuth }[] = [];

  /** An execution of the request's workflow; `later` ends it after executionDelayMs. */
  const execute = (trigger: TriggerItem, init: Partial<FakeExecution> = {}) =>
    addExecution({
      workflowId: String(workflowIdOf(trigger) ?? ''),
      startedAt: new Date(),
      trigger,
      ...init,
    });
  const later = (execution: FakeExecution, error: FakeNodeError | null, extra = {}) =>
    setTimeout(() => {
      Object.assign(execution, extra);
      finish(execution, error);
    }, executionDelayMs).unref();

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
      const trigger = triggerItem(req.headers, url, body);
      const fails = (kind: string | undefined, error: FakeNodeError) =>
        kind === 'error' ? error : null;

      const immediate = /^\/immediate\/(success|error)(\/echo)?(\/custom)?\//.exec(url.pathname);
      if (immediate) {
        const execution = execute(trigger, {
          status: 'running',
          trigger: immediate[2] ? trigger : null,
        });
        later(execution, fails(immediate[1], FAKE_NODE_ERRORS.immediate));
        if (immediate[3]) {
          // The Webhook node's Response Data, sent as Express sends a string.
          return res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end('Thanks! Your request is on its way.');
        }
        return json(200, { message: 'Workflow was started' });
      }
      const parked = /^\/parked\/(success|error)\//.exec(url.pathname);
      if (parked) {
        const execution = execute(trigger, {
          status: 'waiting',
          waitTill: new Date(Date.now() + 70_000),
        });
        later(execution, fails(parked[1], FAKE_NODE_ERRORS.parked));
        // The last node run is the Wait, whose output is the Webhook node's item.
        return json(200, trigger);
      }
      const responder = /^\/responder\/(success|error)\//.exec(url.pathname);
      if (responder) {
        later(
          execute(trigger, { status: 'running' }),
          fails(responder[1], FAKE_NODE_ERRORS.immediate),
        );
        return json(200, { accepted: true });
      }
      const large = /^\/large\/(success|error)\//.exec(url.pathname);
      if (large) {
        const execution = execute(trigger, { status: 'running' });
        later(execution, fails(large[1], FAKE_NODE_ERRORS.lastNode), {
          dataBytes: LARGE_EXECUTION_BYTES,
        });
        return json(200, { message: 'Workflow was started' });
      }
      if (url.pathname.startsWith('/node-error/')) {
        finish(execute(trigger), FAKE_NODE_ERRORS.lastNode);
        return json(500, { message: 'Error in workflow' });
      }
      if (url.pathname.startsWith('/binary/')) {
        finish(execute(trigger), null);
        return res
          .writeHead(200, {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="invoice.pdf"',
          })
          .end(FAKE_PDF);
      }
      if (url.pathname.startsWith('/big-answer/')) {
        finish(execute(trigger), null);
        return res.writeHead(200, { 'content-type': 'text/plain' }).end('line\n'.repeat(16_384));
      }
      const sleep = /^\/sleep\/(\d+)\//.exec(url.pathname)?.[1];
      if (sleep) {
        // A workflow still running when the caller gives up: n8n ends it all the same.
        const execution = workflowIdOf(trigger) ? execute(trigger, { status: 'running' }) : null;
        setTimeout(() => {
          if (execution) finish(execution, null);
          json(200, { slept: Number(sleep), path });
        }, Number(sleep)).unref();
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
        if (workflowIdOf(trigger)) finish(execute(trigger), null);
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

/** A small PDF as a workflow answers one: binary, NUL bytes included. */
const FAKE_PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
  Buffer.alloc(12_000, 0),
  Buffer.from('\n%%EOF\n'),
]);

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
  return {
    headers,
    params: {},
    query: Object.fromEntries(url.searchParams),
    body: parsed,
    webhookUrl: `http://localhost:5678${url.pathname}`,
    executionMode: 'production',
  };
}

function workflowIdOf(trigger: TriggerItem): unknown {
  const body = trigger.body as { workflowId?: unknown } | null;
  return (typeof body === 'object' && body?.workflowId) || trigger.query.workflowId;
}
