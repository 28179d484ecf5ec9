import { z } from 'zod';

// Manual runs (running a workflow by hand) are switched on per client by the consultancy:
// no plan includes them (plans.ts). A client whose plan is running asks for them in
// place, on My Processes; the request waits on the admin's Today screen, and one click
// there switches them on, closes the request and tells the client by mail.

export const manualRunMessages = {
  requested: 'Asked. We will tell you by e-mail when manual runs are on.',
  alreadyRequested: 'You have asked already. We will tell you by e-mail when manual runs are on.',
  alreadyOn: 'Manual runs are already on for your account.',
  requestNotFound: 'That request for manual runs does not exist.',
  alreadyAnswered: 'This request was already answered.',
  granted: 'Manual runs are on. The client has been told by e-mail.',
} as const;

/** Who switches manual runs on, said where the Run button would be. */
export const manualRunsOffText = (consultancy: string) =>
  `Your workflows run on their schedules. Running one by hand is switched on for your account by ${consultancy}.`;

export const manualRunRequestStatuses = ['requested', 'granted', 'declined'] as const;
export const ManualRunRequestStatusSchema = z.enum(manualRunRequestStatuses);

export const ManualRunRequestSchema = z.object({
  _id: z.string(),
  status: ManualRunRequestStatusSchema,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Who in the account asked: the owner or a team member. */
  requestedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type ManualRunRequest = z.infer<typeof ManualRunRequestSchema>;

/** GET /api/manual-runs: whether the account runs by hand, and its request still open. */
export const ManualRunStateSchema = z.object({
  enabled: z.boolean(),
  request: ManualRunRequestSchema.nullable(),
});
export type ManualRunState = z.infer<typeof ManualRunStateSchema>;

/** POST /api/manual-runs/request: the request made, or the one already open. */
export const AskManualRunsResultSchema = z.object({
  message: z.string(),
  request: ManualRunRequestSchema,
});
