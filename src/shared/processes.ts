import { z } from 'zod';
import { PageCursorSchema } from './page-cursor.ts';
import { keysetPagingQuery } from './paging.ts';
import { InputFieldAnswerSchema, InputFieldSchema } from './process-inputs.ts';
import { LastRunSchema, runStates } from './runs.ts';
import { singleLine } from './text.ts';

// The admin's process form and API (SPEC §3 Process, §5 Create process). The page
// checks with these schemas and the server checks again with the same messages; the
// answers below are what admins and clients get back.

export const processMessages = {
  /** SPEC §5's notices for a form that does not validate: title and text. */
  missingTitle: 'Missing fields',
  missingFields: 'Name and client are required.',
  invalidUrlTitle: 'Invalid URL',
  webhookUrl: 'Webhook URL must start with http or https.',
  fallbackUrl: 'Fallback URL must start with http or https.',
  /**
   * What each field says under itself (and the server in its `errors`): how to put that
   * one field right, so the notice's sentence is not repeated on the form.
   */
  nameRequired: 'Name is required.',
  clientRequired: 'Client is required.',
  urlScheme: 'Start the address with http:// or https://.',
  headerName: 'Header name may only contain letters, digits and - _ .',
  timeout: 'Timeout must be a whole number of seconds from 1 to 600.',
  jwtSecret: 'JWT secret must be at least 32 characters.',
  authConflict:
    'Choose one kind of webhook auth: a header key, basic auth or a JWT secret, not more than one.',
  inputNames: 'Each input needs its own name.',
  webhookTest:
    'This is an n8n test URL (/webhook-test/): it answers only while the workflow is open in the n8n editor and listening for a test event. Use the production URL (/webhook/) with the workflow active.',
} as const;

/** n8n's webhook timeout bounds, in seconds: 30 s unless the admin says otherwise. */
export const WEBHOOK_TIMEOUT = { defaultSeconds: 30, maxSeconds: 600 } as const;

/** True for an n8n test-webhook address, which answers only while the editor listens. */
export const isWebhookTestUrl = (url: string | null | undefined) =>
  !!url && /\/webhook-test\//.test(url);

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

const isHttpUrl = (value: string) => /^https?:\/\//i.test(value) && URL.canParse(value);

/** Optional text: blank becomes null, so clearing a field in a form clears it. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Optional text that goes into a request header or a name: one line only. */
const optionalLine = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine(...singleLine(field))
    .nullish()
    .transform((v) => (v ? v : null));

const optionalUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(2000, 'URLs must be at most 2000 characters')
    .nullish()
    .refine((v) => !v || isHttpUrl(v), message)
    .transform((v) => (v ? v : null));

const fields = {
  name: z
    .string({ error: processMessages.nameRequired })
    .trim()
    .min(1, processMessages.nameRequired)
    .max(200, 'Name must be at most 200 characters')
    .refine(...singleLine('Name')),
  description: optionalText(2000),
  clientUserId: z
    .string({ error: processMessages.clientRequired })
    .trim()
    .min(1, processMessages.clientRequired),
  n8nWebhookUrl: optionalUrl(processMessages.urlScheme),
  n8nWorkflowId: optionalLine(200, 'Workflow id'),
  httpMethod: z.enum(httpMethods, { error: 'Method must be GET, POST, PUT, PATCH or DELETE' }),
  webhookAuthKey: optionalLine(500, 'Webhook key'),
  webhookAuthHeaderName: z
    .string()
    .trim()
    .max(100)
    .refine((v) => v === '' || /^[A-Za-z0-9_.-]+$/.test(v), processMessages.headerName)
    .transform((v) => v || 'Authorization'),
  webhookAuthUseBearer: z.boolean(),
  webhookAuthBasicUser: optionalLine(200, 'Basic auth user'),
  webhookAuthBasicPass: optionalLine(500, 'Basic auth password'),
  inactiveFallbackWebhookUrl: optionalUrl(processMessages.urlScheme),
  isActive: z.boolean(),
  webhookTimeoutSeconds: z.coerce
    .number({ error: processMessages.timeout })
    .int(processMessages.timeout)
    .min(1, processMessages.timeout)
    .max(WEBHOOK_TIMEOUT.maxSeconds, processMessages.timeout),
  /** Set: every call carries a fresh HS256 JWT signed with it (n8n's "JWT Auth"). */
  webhookAuthJwtSecret: optionalLine(500, 'JWT secret').refine(
    (v) => v === null || v.length >= 32,
    processMessages.jwtSecret,
  ),
  inputFields: z
    .array(InputFieldSchema)
    .max(20, 'At most 20 inputs.')
    .refine(
      (list) => new Set(list.map((f) => f.name)).size === list.length,
      processMessages.inputNames,
    ),
};

type AuthFields = {
  webhookAuthKey?: string | null;
  webhookAuthBasicUser?: string | null;
  webhookAuthJwtSecret?: string | null;
};

/** The kinds of webhook auth set at once; more than one is refused (authConflict). */
export const authKindsSet = (p: AuthFields) =>
  [p.webhookAuthKey, p.webhookAuthBasicUser, p.webhookAuthJwtSecret].filter(Boolean).length;

export const CreateProcessSchema = z
  .object({
    ...fields,
    httpMethod: fields.httpMethod.default('POST'),
    webhookAuthHeaderName: fields.webhookAuthHeaderName.default('Authorization'),
    webhookAuthUseBearer: fields.webhookAuthUseBearer.default(true),
    isActive: fields.isActive.default(true),
    webhookTimeoutSeconds: fields.webhookTimeoutSeconds.default(WEBHOOK_TIMEOUT.defaultSeconds),
    webhookAuthJwtSecret: fields.webhookAuthJwtSecret.default(null),
    inputFields: fields.inputFields.default([]),
  })
  .refine((p) => authKindsSet(p) <= 1, {
    message: processMessages.authConflict,
    path: ['webhookAuthKey'],
  });
export type CreateProcessInput = z.input<typeof CreateProcessSchema>;
export type CreateProcess = z.output<typeof CreateProcessSchema>;

/**
 * A PATCH: any subset of the fields, e.g. just { isActive } to pause. The server checks
 * the auth kinds again on the merged process (authKindsSet).
 */
export const UpdateProcessSchema = z
  .object(fields)
  .partial()
  .refine((p) => authKindsSet(p) <= 1, {
    message: processMessages.authConflict,
    path: ['webhookAuthKey'],
  });
export type UpdateProcess = z.output<typeof UpdateProcessSchema>;

/** A process as admins see it (every field, secrets included). */
export const AdminProcessSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  clientUserId: z.string(),
  n8nWebhookUrl: z.string().nullable(),
  n8nWorkflowId: z.string().nullable(),
  httpMethod: z.enum(httpMethods),
  webhookAuthKey: z.string().nullable(),
  webhookAuthHeaderName: z.string(),
  webhookAuthUseBearer: z.boolean(),
  webhookAuthBasicUser: z.string().nullable(),
  webhookAuthBasicPass: z.string().nullable(),
  inactiveFallbackWebhookUrl: z.string().nullable(),
  isActive: z.boolean(),
  webhookTimeoutSeconds: z.number(),
  webhookAuthJwtSecret: z.string().nullable(),
  inputFields: z.array(InputFieldAnswerSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** In the admin list: the client's name, or e-mail (the page holds no list of every client). */
  clientName: z.string().nullable().optional(),
});
export type AdminProcess = z.infer<typeof AdminProcessSchema>;

/** A create or update answer: the process, and what the admin should know about it. */
export const SavedProcessSchema = AdminProcessSchema.extend({
  warnings: z
    .array(z.string())
    .describe('Things that will stop the process from running, e.g. a private webhook address'),
});
export type SavedProcess = z.infer<typeof SavedProcessSchema>;

/** Processes per page of the admin list, and the most one call may ask for. */
export const PROCESS_PAGE = { default: 200, max: 500 } as const;

/**
 * GET /api/admin/processes: a page, searched, or one client's processes; `after`, the
 * X-Next-Cursor of the page before (the last process shown), in either order.
 */
export const ProcessListQuerySchema = keysetPagingQuery(
  PROCESS_PAGE.default,
  PROCESS_PAGE.max,
).extend({
  clientUserId: z.uuid().optional(),
  after: PageCursorSchema.optional(),
});

/** POST /api/admin/processes/{id}/test takes no fields; whatever JSON object is sent is ignored. */
export const ProcessTestBodySchema = z.object({}).passthrough().optional();

/** POST /api/admin/processes/{id}/test: how the webhook answered one call. */
export const ProcessTestResultSchema = z.object({
  status: z.number(),
  durationMs: z.number(),
  ok: z.boolean(),
  body: z.string(),
  /** `following` while n8n's execution of the test goes on: its end lands in the run history. */
  state: z.enum(runStates),
  /** n8n's execution of the test, when the n8n API found it. */
  n8nExecutionId: z.string().nullable(),
});

/**
 * GET /api/admin/processes/confirmation: whether runs can be confirmed against n8n's
 * executions (N8N_API_URL and N8N_API_KEY set); the process form says what cannot be.
 */
export const RunConfirmationSchema = z.object({ n8nApi: z.boolean() });
export type RunConfirmation = z.infer<typeof RunConfirmationSchema>;
export type ProcessTestResult = z.infer<typeof ProcessTestResultSchema>;

/** A process as its client sees it: no webhook address or credentials. */
export const ClientProcessSchema = AdminProcessSchema.pick({
  _id: true,
  name: true,
  description: true,
  n8nWorkflowId: true,
  httpMethod: true,
  isActive: true,
  inputFields: true,
});
export type ClientProcess = z.infer<typeof ClientProcessSchema>;

/** GET /api/n8n/my-processes: the account's processes, each with its newest run. */
export const MyProcessSchema = ClientProcessSchema.extend({ lastRun: LastRunSchema.nullable() });
export type MyProcess = z.infer<typeof MyProcessSchema>;
