import { z } from 'zod';
import { runsScreenPath } from './admin-runs.ts';
import { checkKeys } from './environment.ts';
import { paths } from './paths.ts';

// The admin's landing screen, Today (/admin): what needs attention now, newest first, each
// item a link to where it is dealt with (docs/decisions/029-operations-console.md). Every
// section is read through an index and cut to its first few items; `total` says how many
// there are in all, so the screen can say "and 12 more".

/** Items shown per section; the section's link opens the rest. */
export const ATTENTION_SECTION_SIZE = 10;

/** Interrupted runs and new enquiries are news for this long. */
export const ATTENTION_RECENT_DAYS = 7;

/** A plan that ends (trial over, cancelled at period end) within this many days. */
export const PLAN_ENDING_DAYS = 7;

/** What an item is, so the screen can label it. */
export const attentionKinds = [
  'alert',
  'run_interrupted',
  'run_following',
  'invoice_past_due',
  'plan_past_due',
  'plan_ending',
  'trial_ending',
  'catalog_request',
  'manual_run_request',
  'mail_failed',
  'mail_waiting',
  'enquiry',
] as const;
export type AttentionKind = (typeof attentionKinds)[number];

export const AttentionItemSchema = z.object({
  id: z.string(),
  kind: z.enum(attentionKinds),
  title: z.string(),
  /** A second line: the client, the amount, the error. */
  detail: z.string().nullable(),
  /** When it happened (or is due); the list is newest first by this. */
  at: z.string().nullable(),
  /** The screen where it is dealt with. */
  href: z.string(),
});
export type AttentionItem = z.infer<typeof AttentionItemSchema>;

/** A process whose latest runs failed, from its kept latest outcome (process_health). */
export const FailingProcessSchema = z.object({
  processId: z.string(),
  processName: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  failuresInARow: z.number().int(),
  failingSince: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  /** The last error as recorded: n8n's own words when its execution said why. */
  lastError: z.string().nullable(),
  /** The Runs screen filtered to this process's failures. */
  runsHref: z.string(),
  clientHref: z.string(),
});
export type FailingProcess = z.infer<typeof FailingProcessSchema>;

const section = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number().int(), items: z.array(item) });

export const attentionSectionIds = [
  'failing',
  'alerts',
  'runs',
  'billing',
  'requests',
  'manualRuns',
  'mail',
  'enquiries',
] as const;
export type AttentionSectionId = (typeof attentionSectionIds)[number];

/** One step of the first-day checklist. */
export const setupStepIds = [
  'brand',
  'mail',
  'billing',
  'firstClient',
  'firstProcess',
  'n8nApi',
] as const;
export type SetupStepId = (typeof setupStepIds)[number];

export const SetupStepSchema = z.object({
  id: z.enum(setupStepIds),
  done: z.boolean(),
});
export type SetupStep = z.infer<typeof SetupStepSchema>;

export const AttentionSchema = z.object({
  failing: section(FailingProcessSchema),
  alerts: section(AttentionItemSchema),
  runs: section(AttentionItemSchema),
  billing: section(AttentionItemSchema),
  requests: section(AttentionItemSchema),
  /** Clients asking for manual runs: the item's id is the request's, granted from Today. */
  manualRuns: section(AttentionItemSchema),
  mail: section(AttentionItemSchema),
  enquiries: section(AttentionItemSchema),
  /**
   * The environment checks that matter with this configuration (a Stripe key only with
   * BILLING_PROVIDER=stripe, mail checks only once SMTP_URL is set): the screen asks the
   * checks themselves apart, since they call out and may take seconds.
   */
  environmentKeys: z.array(z.enum(checkKeys)),
  /** The first-day checklist; `hasClient` false means a fresh install. */
  setup: z.object({ hasClient: z.boolean(), steps: z.array(SetupStepSchema) }),
});
export type Attention = z.infer<typeof AttentionSchema>;

/** The Runs screen with one process's failures. */
export const failuresHref = (processId: string) =>
  `${runsScreenPath}?${new URLSearchParams({ processId, outcome: 'failed' })}`;

/** The Runs screen with one run found by its id. */
export const runHref = (runId: string) => `${runsScreenPath}?${new URLSearchParams({ q: runId })}`;

/** A client's Plan & billing tab. */
export const clientBillingHref = (clientId: string) => `${paths.adminClient(clientId)}#billing`;

/** Where each section's "see all" goes. */
export const sectionHrefs: Record<AttentionSectionId, string> = {
  failing: runsScreenPath,
  alerts: paths.adminEnvironment,
  runs: runsScreenPath,
  billing: paths.adminClients,
  requests: paths.adminCatalogRequests,
  manualRuns: paths.adminClients,
  mail: paths.adminOutbox,
  enquiries: paths.adminEnquiries,
};

/** Whether the first-day checklist shows: until every step is done. */
export const setupComplete = (steps: readonly SetupStep[]) => steps.every((step) => step.done);

/** Nothing in any section: the screen says the day is clear. */
export function allClear(answer: Attention): boolean {
  return attentionSectionIds.every((id) => answer[id].total === 0);
}
