import { planCapabilities } from './plans.ts';

// Every retention period the product promises, in one place: the privacy
// policy's sentences are built from these numbers and the daily retention job enforces
// them, so the text and the behaviour cannot drift apart (privacy-retention.test.ts). The
// privacy page imports this module: it stays free of zod (no value imports of user.ts).

export const retention = {
  /** Project enquiries from the contact form. */
  enquiriesDays: 730,
  /** Account information after the account closes. */
  closedAccountDays: 90,
  /** How long deleted information may stay in backups. */
  backupsDays: 35,
  /** Undelivered mail holding a one-time link keeps its text this long (= invite lifetime). */
  sensitiveMailDays: 7,
  /** Copies of e-mail we sent (the outbox), delivered or given up. */
  mailDays: 90,
  /** Audit entries, unless AUDIT_RETENTION_DAYS says otherwise. */
  auditDefaultDays: 365,
} as const;

/** Run-log retention of each plan, from the plans' capabilities ("7 or 30"). */
export const runLogDays = [
  ...new Set(Object.values(planCapabilities).map((caps) => caps.logsRetentionDays)),
].sort((a, b) => a - b);

const inYears = (days: number) =>
  days % 365 === 0
    ? `${['', 'one', 'two', 'three'][days / 365] ?? days / 365} year${days === 365 ? '' : 's'}`
    : `${days} days`;

/** The privacy policy's Data Retention paragraphs. */
export const retentionSentences = {
  enquiries: `We keep enquiries for up to ${inYears(retention.enquiriesDays)} so we can refer back to earlier conversations, unless you ask us to delete them sooner.`,
  runsAndAccounts: `Workflow run logs are kept for the period your plan includes, ${runLogDays.join(' or ')} days, and then deleted. Account information is kept while your account is open and for up to ${retention.closedAccountDays} days after it closes, except where tax or accounting law requires us to keep records longer.`,
  securityLogs: `Security logs of sign-ins and account changes are kept for ${inYears(retention.auditDefaultDays)}.`,
  mail: `Copies of the e-mail we send you are kept for ${retention.mailDays} days. When an account is erased, its invoices stay in our books for as long as tax law requires, with only their number, date, amounts and the company name.`,
  backups: `Backups expire on a rolling schedule, so deleted information leaves our backups within ${retention.backupsDays} days.`,
} as const;
