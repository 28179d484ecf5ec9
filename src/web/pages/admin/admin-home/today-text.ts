import type { AttentionKind, AttentionSectionId, SetupStepId } from '#shared/attention.ts';
import type { Check, CheckKey } from '#shared/environment.ts';
import { paths } from '#shared/paths.ts';

// What Today calls its sections, items and checklist steps. Pure, so the words are tested
// without a browser.

export const sectionTitles: Record<AttentionSectionId, string> = {
  failing: 'Processes failing',
  alerts: 'Open alerts',
  runs: 'Runs interrupted or late',
  billing: 'Invoices and plans',
  requests: 'Catalog requests waiting',
  manualRuns: 'Manual runs asked for',
  mail: 'Mail not sent',
  enquiries: 'New enquiries',
};

/** Where a section's "see all" link goes, in words. */
export const seeAllText: Record<AttentionSectionId, string> = {
  failing: 'Open Runs',
  alerts: 'Open Environment',
  runs: 'Open Runs',
  billing: 'Open Clients',
  requests: 'Open Catalog requests',
  manualRuns: 'Open Clients',
  mail: 'Open Outbox',
  enquiries: 'Open Enquiries',
};

export const kindText: Record<AttentionKind, string> = {
  alert: 'Alert',
  run_interrupted: 'Interrupted',
  run_following: 'Waiting for n8n',
  invoice_past_due: 'Past due',
  plan_past_due: 'Plan past due',
  plan_ending: 'Plan ending',
  trial_ending: 'Trial ending',
  catalog_request: 'Requested',
  manual_run_request: 'Asks for manual runs',
  mail_failed: 'Failed',
  mail_waiting: 'No SMTP',
  enquiry: 'New',
};

/** "3 in a row", "1 failure". */
export const inARowText = (n: number) => (n === 1 ? '1 failure' : `${n} in a row`);

/** "and 4 more" under a section cut to its first items; '' when it shows them all. */
export function moreText(total: number, shown: number): string {
  const more = total - shown;
  return more > 0 ? `and ${new Intl.NumberFormat('en-US').format(more)} more` : '';
}

export interface SetupStepText {
  title: string;
  hint: string;
  /** Where it is done, when a screen does it; configuration is done on the server. */
  to?: string;
  action?: string;
}

export const setupStepTexts: Record<SetupStepId, SetupStepText> = {
  brand: {
    title: 'Make the brand yours',
    hint: "Your company's name, contact details and links go in src/shared/brand.ts (README, Make it yours).",
  },
  mail: {
    title: 'Connect mail',
    hint: 'Set SMTP_URL so invites, invoices and alerts are sent; until then they wait in the Outbox.',
    to: paths.adminOutbox,
    action: 'Open Outbox',
  },
  billing: {
    title: 'Set up billing',
    hint: 'Tell clients how to pay invoices (BILLING_ACH_* or BILLING_CHECK_ADDRESS), or choose Stripe or Zoho with BILLING_PROVIDER.',
    to: paths.adminPricing,
    action: 'Open Pricing',
  },
  firstClient: {
    title: 'Add your first client',
    hint: 'Clients sign up on the site (Register); each one then appears under Clients.',
    to: paths.adminClients,
    action: 'Open Clients',
  },
  firstProcess: {
    title: "Add the client's first process",
    hint: 'A process calls an n8n workflow through its webhook.',
    to: paths.adminProcesses,
    action: 'Open Processes',
  },
  n8nApi: {
    title: 'Connect the n8n API',
    hint: "Set N8N_API_URL and N8N_API_KEY so each run's outcome is confirmed from n8n's executions.",
    to: paths.adminEnvironment,
    action: 'Open Environment',
  },
};

/** "4 of 6 done". */
export const setupProgress = (steps: readonly { done: boolean }[]) =>
  `${steps.filter((s) => s.done).length} of ${steps.length} done`;

/** The checks that matter here and fail, in the order the server named them. */
export function failingChecks(
  checks: Readonly<Partial<Record<CheckKey, Check>>>,
  keys: readonly CheckKey[],
): (Check & { key: CheckKey })[] {
  return keys.flatMap((key) => {
    const check = checks[key];
    return check && !check.ok ? [{ key, ...check }] : [];
  });
}
