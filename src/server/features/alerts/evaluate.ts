import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type AlertIncidentRow, alertIncidents } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import type { N8nApi } from '#server/integrations/n8n/api.ts';
import { alertKindText, incidentDuration, incidentPath } from '#shared/alerts.ts';
import { formatDateTime } from '#shared/dates.ts';
import {
  type AlertChannels,
  type AlertMessage,
  postAlertWebhook,
  queueAlertMails,
  renderAlertMail,
} from './deliver.ts';
import { type Finding, type RuleOutcome, rules } from './rules.ts';
import { readAlertSettings, type StoredAlertSettings } from './settings.ts';

// One pass of the alert rules (docs/decisions/029-operations-console.md): each finding
// opens an incident unless one is open for its subject (the unique partial index on
// (kind, subject_key) where cleared_at is null: INSERT … ON CONFLICT DO NOTHING, so two
// instances evaluating at once open it once); an open incident whose subject recovered is
// cleared by a conditional update, once. Each is told once: the instance whose claim of
// alerted_at (or recovery_alerted_at) succeeds queues the mails and writes the audit entry
// in that transaction, then calls the webhook. A pass also tells what an earlier pass
// opened or cleared but did not get to tell (an instance that stopped in between).

export interface AlertEvaluationDeps extends AlertChannels {
  n8nApi: Pick<N8nApi, 'health'> | null;
  smtpConfigured: boolean;
  /** The wait before n8n's health is asked a second time (default 2 s). */
  recheckMs?: number;
}

export interface EvaluationResult {
  opened: number;
  cleared: number;
}

const utc = (at: Date) => `${formatDateTime(at, 'UTC')} UTC`;

function openedMessage(
  deps: AlertChannels,
  incident: AlertIncidentRow,
  facts: string[] | undefined,
): AlertMessage {
  return {
    event: 'alert.opened',
    subject: `Alert: ${incident.title}`,
    lines: [
      `${alertKindText[incident.kind]}: ${incident.title}.`,
      '',
      ...(facts ?? [`Cause: ${incident.cause}`]),
      `Opened: ${utc(incident.openedAt)}`,
      '',
      'You get one alert while this lasts, and one message when it clears.',
    ],
    link: `${deps.publicUrl}${incidentPath(incident)}`,
    linkLabel: 'Look into it',
    incident: incidentJson(incident),
  };
}

function clearedMessage(
  deps: AlertChannels,
  incident: AlertIncidentRow,
  why: string | undefined,
): AlertMessage {
  const cleared = incident.clearedAt ?? new Date();
  return {
    event: 'alert.cleared',
    subject: `Cleared: ${incident.title}`,
    lines: [
      `${alertKindText[incident.kind]} cleared: ${incident.title}.`,
      '',
      ...(why ? [why] : []),
      `Opened: ${utc(incident.openedAt)}`,
      `Cleared: ${utc(cleared)} (after ${incidentDuration(incident.openedAt, cleared)})`,
      `Cause while it lasted: ${incident.cause}`,
    ],
    link: `${deps.publicUrl}${incidentPath(incident)}`,
    linkLabel: 'See it',
    incident: incidentJson(incident),
  };
}

const incidentJson = (incident: AlertIncidentRow) => ({
  id: incident.id,
  kind: incident.kind,
  title: incident.title,
  cause: incident.cause,
  clientId: incident.clientUserId,
  processId: incident.processId,
  openedAt: incident.openedAt.toISOString(),
  clearedAt: incident.clearedAt?.toISOString() ?? null,
});

/** Opens an incident for the finding unless one is open; the new row, or null. */
async function openFor(db: Db, finding: Finding, now: Date) {
  const [row] = await db
    .insert(alertIncidents)
    .values({
      kind: finding.kind,
      subjectKey: finding.subjectKey,
      clientUserId: finding.clientUserId,
      processId: finding.processId,
      title: finding.title.slice(0, 300),
      cause: finding.cause.slice(0, 2000),
      openedAt: now,
    })
    .onConflictDoNothing({
      target: [alertIncidents.kind, alertIncidents.subjectKey],
      where: isNull(alertIncidents.clearedAt),
    })
    .returning({ id: alertIncidents.id });
  return row ?? null;
}

/** Tells an incident's opening or clearing once, across instances. */
async function tell(
  deps: AlertChannels,
  settings: StoredAlertSettings,
  id: string,
  which: 'opened' | 'cleared',
  note: { facts?: string[]; why?: string },
) {
  const now = new Date();
  // The message and its mail are made before the claim, so no transaction waits on
  // rendering (an embedded database has one connection for every request).
  const [current] = await deps.db.select().from(alertIncidents).where(eq(alertIncidents.id, id));
  if (!current || (which === 'opened' ? current.alertedAt : current.recoveryAlertedAt)) return;
  const message =
    which === 'opened'
      ? openedMessage(deps, current, note.facts)
      : clearedMessage(deps, current, note.why);
  const mail = await renderAlertMail(message);
  const claimed = await deps.db.transaction(async (tx) => {
    const [incident] = await tx
      .update(alertIncidents)
      .set(which === 'opened' ? { alertedAt: now } : { recoveryAlertedAt: now })
      .where(
        which === 'opened'
          ? and(eq(alertIncidents.id, id), isNull(alertIncidents.alertedAt))
          : and(
              eq(alertIncidents.id, id),
              isNotNull(alertIncidents.clearedAt),
              isNull(alertIncidents.recoveryAlertedAt),
            ),
      )
      .returning();
    if (!incident) return null;
    await queueAlertMails(tx, settings.emails, mail);
    return incident;
  });
  if (!claimed) return;
  const incident = claimed;
  const webhookStatus = await postAlertWebhook(
    deps,
    { url: settings.webhookUrl, secret: settings.webhookSecret },
    message,
  );
  await audit(deps.db, {
    level: which === 'opened' ? 'warning' : 'info',
    source: 'alerts',
    message: which === 'opened' ? `Alert: ${incident.title}` : `Alert cleared: ${incident.title}`,
    userId: incident.clientUserId,
    processId: incident.processId,
    details: {
      incidentId: incident.id,
      kind: incident.kind,
      cause: incident.cause,
      emails: settings.emails.length,
      // The webhook's HTTP status; 0 when it could not be reached, null without one.
      webhookStatus,
    },
  });
}

export async function evaluateAlerts(
  deps: AlertEvaluationDeps,
  now = new Date(),
): Promise<EvaluationResult> {
  const { db } = deps;
  const settings = await readAlertSettings(db);
  const openIncidents = await db
    .select()
    .from(alertIncidents)
    .where(isNull(alertIncidents.clearedAt));
  const facts = new Map<string, string[]>();
  const why = new Map<string, string>();
  let opened = 0;
  let cleared = 0;
  for (const rule of rules) {
    let outcome: RuleOutcome;
    const open = openIncidents.filter((incident) => incident.kind === rule.kind);
    try {
      outcome = await rule.check({
        db,
        settings,
        open,
        now,
        n8nApi: deps.n8nApi,
        smtpConfigured: deps.smtpConfigured,
        recheckMs: deps.recheckMs ?? 2_000,
      });
    } catch (error) {
      // A rule that cannot be read this time (a query, n8n) leaves its incidents as they are.
      deps.log?.error({ err: error, kind: rule.kind }, 'an alert rule could not be checked');
      continue;
    }
    for (const finding of outcome.findings) {
      const row = await openFor(db, finding, now);
      if (!row) continue;
      opened++;
      facts.set(row.id, finding.facts);
    }
    const recovered = open.filter((incident) => !outcome.holding.has(incident.subjectKey));
    if (recovered.length > 0) {
      const rows = await db
        .update(alertIncidents)
        .set({ clearedAt: now })
        .where(
          and(
            inArray(
              alertIncidents.id,
              recovered.map((incident) => incident.id),
            ),
            isNull(alertIncidents.clearedAt),
          ),
        )
        .returning({ id: alertIncidents.id });
      cleared += rows.length;
      for (const row of rows) why.set(row.id, outcome.recovered);
    }
  }
  // Everything opened or cleared and not told yet: this pass's, and any an instance that
  // stopped midway left (told without the details only its pass knew).
  const untold = await db
    .select({ id: alertIncidents.id, clearedAt: alertIncidents.clearedAt })
    .from(alertIncidents)
    .where(
      or(
        and(isNull(alertIncidents.alertedAt), isNull(alertIncidents.clearedAt)),
        // Only what was alerted gets a recovery message.
        and(
          isNotNull(alertIncidents.clearedAt),
          isNotNull(alertIncidents.alertedAt),
          isNull(alertIncidents.recoveryAlertedAt),
        ),
      ),
    );
  for (const incident of untold) {
    if (!incident.clearedAt) {
      await tell(deps, settings, incident.id, 'opened', { facts: facts.get(incident.id) });
    } else {
      await tell(deps, settings, incident.id, 'cleared', { why: why.get(incident.id) });
    }
  }
  return { opened, cleared };
}
