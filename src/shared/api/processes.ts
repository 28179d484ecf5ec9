import { z } from 'zod';
import { ErrorSchema } from '../answers.ts';
import { ProcessHealthSchema } from '../process-health.ts';
import { TriggerRunSchema } from '../process-inputs.ts';
import {
  AdminProcessSchema,
  CreateProcessSchema,
  MyProcessSchema,
  ProcessListQuerySchema,
  ProcessTestBodySchema,
  ProcessTestResultSchema,
  RunConfirmationSchema,
  SavedProcessSchema,
  UpdateProcessSchema,
} from '../processes.ts';
import { MANUAL_WAIT_MS, RunHistoryQuerySchema, RunHistorySchema, RunSchema } from '../runs.ts';
import { PAYLOAD_DESCRIPTION } from '../webhook-payload.ts';
import { IdParamsSchema } from './params.ts';
import { defineRoute } from './route.ts';

// Processes: the account's own, run by hand with their history (SPEC §7 Client portal,
// under /api/n8n), and every client's for admins, who create, change and test them. Who
// may run a process now is mayRun's to say (run-policy.ts); the server maps its refusal
// to 402, 403 or 409.

const ProcessParamsSchema = z.object({ processId: z.string().min(1).max(100) });
const RunParamsSchema = z.object({ runId: z.string().min(1).max(100) });
const portal = { audience: 'signed-in', tags: ['portal: processes'] } as const;
/** What a client's own software may call with a personal API token (decision 025). */
const portalOrToken = { ...portal, apiToken: true } as const;
const admin = { audience: 'admin', tags: ['admin: processes'] } as const;

/** How the admin list orders: newest first, or worst health first. */
export const processSorts = ['newest', 'health'] as const;
export type ProcessSort = (typeof processSorts)[number];

const AdminProcessListQuerySchema = ProcessListQuerySchema.extend({
  sort: z.enum(processSorts).default('newest'),
});

/** A process in the admin list carries its health (docs/decisions/029-operations-console.md). */
const AdminProcessListItemSchema = AdminProcessSchema.extend({ health: ProcessHealthSchema });
export type AdminProcessListItem = z.infer<typeof AdminProcessListItemSchema>;

export const processesApi = {
  mine: defineRoute({
    method: 'GET',
    path: '/api/n8n/my-processes',
    ...portalOrToken,
    summary: "The account's processes",
    responses: { 200: z.array(MyProcessSchema) },
  }),
  trigger: defineRoute({
    method: 'POST',
    path: '/api/n8n/trigger/:processId',
    ...portalOrToken,
    summary: 'Run a workflow now; answers with the webhook status and body as text',
    description: `No body, or { inputs } for a process with inputs. The webhook's 2xx answer passes through as text; 202 when n8n only accepted the run ("respond immediately") or the workflow is still running after ${MANUAL_WAIT_MS / 1000} s (its result then appears in the run history). The X-Run-Id header names the run, to read it back with GET /api/n8n/runs/{runId}. ${PAYLOAD_DESCRIPTION}`,
    params: ProcessParamsSchema,
    body: TriggerRunSchema,
    // The 2xx is the webhook's own status and text, so it has no schema.
    produces: ['text/plain'],
    responses: {
      400: ErrorSchema,
      402: ErrorSchema,
      403: ErrorSchema,
      404: ErrorSchema,
      409: ErrorSchema,
      429: ErrorSchema,
      502: ErrorSchema,
      504: ErrorSchema,
    },
  }),
  runs: defineRoute({
    method: 'GET',
    path: '/api/n8n/processes/:processId/runs',
    ...portalOrToken,
    summary: "A process's recent runs within the plan's log retention",
    params: ProcessParamsSchema,
    query: RunHistoryQuerySchema,
    responses: { 200: RunHistorySchema, 404: ErrorSchema },
  }),
  run: defineRoute({
    method: 'GET',
    path: '/api/n8n/runs/:runId',
    ...portalOrToken,
    summary: 'One run of the account, within the plan’s log retention',
    description:
      'The run a trigger named in its X-Run-Id header: poll it until `state` is no longer `running` or `following`.',
    params: RunParamsSchema,
    responses: { 200: RunSchema, 404: ErrorSchema },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/processes',
    ...admin,
    summary:
      'Processes, newest first or worst health first (sort=health), a page at a time: X-Next-Cursor, passed as `after`, asks for the next page (absent on the last); X-Total-Count says how many match, counted up to 10,000 (X-Total-Capped: true when more do)',
    description:
      'Each process carries its health from the rollups: success rate and runs over 7 and 30 days, median and p95 duration, last success, last failure with its error, failures in a row. sort=health orders by failures in a row (most first), then by the 7-day success rate (lowest first).',
    query: AdminProcessListQuerySchema,
    responses: { 200: z.array(AdminProcessListItemSchema) },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/admin/processes',
    ...admin,
    summary: 'Create a process for a client',
    body: CreateProcessSchema,
    responses: { 201: SavedProcessSchema, 400: ErrorSchema },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/admin/processes/:id',
    ...admin,
    summary: 'Change a process, or pause/activate it with { isActive }',
    params: IdParamsSchema,
    body: UpdateProcessSchema,
    responses: { 200: SavedProcessSchema, 400: ErrorSchema, 404: ErrorSchema },
  }),
  confirmation: defineRoute({
    method: 'GET',
    path: '/api/admin/processes/confirmation',
    ...admin,
    summary: "Whether runs are confirmed against n8n's executions (the n8n API is configured)",
    responses: { 200: RunConfirmationSchema },
  }),
  test: defineRoute({
    method: 'POST',
    path: '/api/admin/processes/:id/test',
    ...admin,
    summary: "Call the process's webhook once and report the answer",
    params: IdParamsSchema,
    body: ProcessTestBodySchema,
    responses: {
      200: ProcessTestResultSchema,
      404: ErrorSchema,
      409: ErrorSchema,
      502: ErrorSchema,
      504: ErrorSchema,
    },
  }),
};
