import { z } from 'zod';
import { runsScreenPath } from './admin-runs.ts';
import { EmailSchema } from './auth.ts';
import { PageCursorSchema } from './page-cursor.ts';
import { paths } from './paths.ts';

// The consultancy's own alerts (docs/decisions/029-operations-console.md): what opens an
// incident, shared by the server that opens them and the screens that show them, and the
// admin's settings (where alerts go, which rules are on), checked by the form and the
// server with the same schema and messages.

export const alertKinds = [
  'process_failing',
  'client_success_rate',
  'schedule_missed',
  'n8n_unreachable',
  'mail_failing',
] as const;

export type AlertKind = (typeof alertKinds)[number];

/** The screen's address (beside the app's other admin paths, which are in paths.ts). */
export const alertsScreenPath = '/admin/alerts';

/** Incidents on one page of the screen. */
export const ALERT_INCIDENTS_PAGE_SIZE = 25;
/** At most this many addresses get each alert. */
export const MAX_ALERT_EMAILS = 10;
/** A client's success rate is judged only with at least this many runs in the last day. */
export const SUCCESS_RATE_MIN_RUNS = 5;
/** A schedule whose due time passed this long ago without firing has missed. */
export const SCHEDULE_MISSED_AFTER_MINUTES = 5;
/** Mail still waiting this long after it was queued (with SMTP set) is failing. */
export const MAIL_STUCK_AFTER_MINUTES = 15;

/** Each kind in a few words, as the screen and the messages name it. */
export const alertKindText: Record<AlertKind, string> = {
  process_failing: 'Process failing',
  client_success_rate: 'Low success rate',
  schedule_missed: 'Schedule missed',
  n8n_unreachable: 'n8n unreachable',
  mail_failing: 'Mail failing',
};

export const alertMessages = {
  email: (address: string) => `"${address}" is not a valid e-mail address.`,
  tooManyEmails: `Give at most ${MAX_ALERT_EMAILS} e-mail addresses.`,
  webhookUrl: 'The webhook URL must be an https:// address.',
  failuresInARow: 'Failures in a row must be a whole number from 0 (off) to 100.',
  successRateBelow: 'The success rate must be a whole number from 0 (off) to 100.',
  saved: 'Alert settings saved.',
  noWebhook: 'Save a webhook URL first.',
  nowhere: 'Add an e-mail address or a webhook URL first, and save.',
  rotated: 'A new signing secret was made: update your receiver before the next alert.',
} as const;

/** Splits what the form's box holds (commas, spaces or lines) into addresses. */
export const splitAddresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);

/** The addresses, each checked like a sign-up's, lower-cased and without repeats. */
export const AlertEmailsSchema = z
  .array(z.string().max(254))
  .max(MAX_ALERT_EMAILS, alertMessages.tooManyEmails)
  .transform((list, ctx) => {
    const kept: string[] = [];
    for (const address of list) {
      const parsed = EmailSchema.safeParse(address);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: alertMessages.email(address.trim()) });
        return z.NEVER;
      }
      if (!kept.includes(parsed.data)) kept.push(parsed.data);
    }
    return kept;
  });

const percent = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(100, message);

export const AlertSettingsInputSchema = z.object({
  emails: AlertEmailsSchema,
  webhookUrl: z
    .string()
    .trim()
    .max(2000, alertMessages.webhookUrl)
    // http:// passes here only for servers with ALLOW_PRIVATE_WEBHOOKS (tests, a LAN): the
    // server refuses it otherwise, as it does for client notification webhooks.
    .refine(
      (v) => v === '' || (/^https?:\/\//i.test(v) && URL.canParse(v)),
      alertMessages.webhookUrl,
    )
    .transform((v) => v || null)
    .nullish(),
  /** A process failing this many times in a row opens an incident; 0 turns it off. */
  failuresInARow: percent(alertMessages.failuresInARow),
  /** A client's success rate over the last day under this percentage; 0 turns it off. */
  successRateBelow: percent(alertMessages.successRateBelow),
  scheduleMissed: z.boolean(),
  n8nUnreachable: z.boolean(),
  mailFailing: z.boolean(),
});
export type AlertSettingsInput = z.input<typeof AlertSettingsInputSchema>;

/** The form: the addresses in one box, split and checked by the same schema. */
export const AlertSettingsFormSchema = AlertSettingsInputSchema.extend({
  emails: z
    .string()
    .max(4000, alertMessages.tooManyEmails)
    .transform(splitAddresses)
    .pipe(AlertEmailsSchema),
});
export type AlertSettingsFormInput = z.input<typeof AlertSettingsFormSchema>;
export type AlertSettingsFormValues = z.output<typeof AlertSettingsFormSchema>;

export const AlertSettingsSchema = z.object({
  emails: z.array(z.string()),
  webhookUrl: z.string().nullable(),
  /** The signing secret's last characters only (it is shown whole once, when made). */
  webhookSecretHint: z.string().nullable(),
  failuresInARow: z.number(),
  successRateBelow: z.number(),
  scheduleMissed: z.boolean(),
  n8nUnreachable: z.boolean(),
  mailFailing: z.boolean(),
  /** Null until an admin first saves: the defaults are in force. */
  updatedAt: z.string().nullable(),
  /** What the evaluation can check on this server (n8n's API and SMTP are configured). */
  checks: z.object({ n8nApi: z.boolean(), smtp: z.boolean() }),
});
export type AlertSettings = z.infer<typeof AlertSettingsSchema>;

/** A save's answer: the settings, the whole secret when one was just made, and warnings. */
export const SavedAlertSettingsSchema = AlertSettingsSchema.extend({
  /** Given whole only by the save that made it; null otherwise. */
  webhookSecret: z.string().nullable(),
  warnings: z.array(z.string()),
});
export type SavedAlertSettings = z.infer<typeof SavedAlertSettingsSchema>;

export const RotatedSecretSchema = z.object({
  message: z.string(),
  webhookSecret: z.string(),
  webhookSecretHint: z.string(),
});

/** What a test alert reached: how many addresses were mailed, and the webhook's answer. */
export const AlertTestResultSchema = z.object({
  message: z.string(),
  emails: z.number(),
  /** The webhook's HTTP status; null without a webhook, 0 when it could not be reached. */
  webhookStatus: z.number().nullable(),
});
export type AlertTestResult = z.infer<typeof AlertTestResultSchema>;

/**
 * Where an incident is looked into, as a path of this app: the runs screen filtered to
 * the process's failures or the client's, Environment for n8n, Outbox for mail.
 */
export function incidentPath(incident: {
  kind: AlertKind;
  processId: string | null;
  clientUserId: string | null;
}): string {
  const runs = (query: Record<string, string>) => `${runsScreenPath}?${new URLSearchParams(query)}`;
  switch (incident.kind) {
    case 'process_failing':
      return incident.processId
        ? runs({ processId: incident.processId, outcome: 'failed' })
        : runsScreenPath;
    case 'schedule_missed':
      return incident.processId
        ? runs({ processId: incident.processId, trigger: 'schedule' })
        : runsScreenPath;
    case 'client_success_rate':
      return incident.clientUserId
        ? runs({ clientId: incident.clientUserId, outcome: 'failed' })
        : runsScreenPath;
    case 'n8n_unreachable':
      return paths.adminEnvironment;
    case 'mail_failing':
      return paths.adminOutbox;
  }
}

export const incidentFilters = ['open', 'all'] as const;
export type IncidentFilter = (typeof incidentFilters)[number];

export const AlertIncidentsQuerySchema = z.object({
  state: z
    .enum(incidentFilters, { error: `The state must be one of: ${incidentFilters.join(', ')}.` })
    .default('open'),
  /** The incidents older than the page that answered this nextCursor. */
  cursor: PageCursorSchema.optional(),
});
export type AlertIncidentsQuery = z.input<typeof AlertIncidentsQuerySchema>;

export const AlertIncidentSchema = z.object({
  id: z.string(),
  kind: z.enum(alertKinds),
  subjectKey: z.string(),
  title: z.string(),
  cause: z.string(),
  client: z.object({ id: z.string(), name: z.string() }).nullable(),
  process: z.object({ id: z.string(), name: z.string() }).nullable(),
  openedAt: z.string(),
  clearedAt: z.string().nullable(),
  alertedAt: z.string().nullable(),
  recoveryAlertedAt: z.string().nullable(),
  /** Where to look into it: the runs screen filtered to it, Environment or Outbox. */
  link: z.string(),
});
export type AlertIncident = z.infer<typeof AlertIncidentSchema>;

export const AlertIncidentsPageSchema = z.object({
  incidents: z.array(AlertIncidentSchema),
  /** Open incidents, whatever the filter: the screen's count. */
  open: z.number(),
  /** Pass as `cursor` for older incidents; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AlertIncidentsPage = z.infer<typeof AlertIncidentsPageSchema>;

/** How long an incident lasted (or has lasted), e.g. "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
export function incidentDuration(from: Date | string, to: Date | string): string {
  const seconds = Math.max(
    0,
    Math.round((new Date(to).getTime() - new Date(from).getTime()) / 1000),
  );
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
