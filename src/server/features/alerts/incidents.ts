import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { exactTime, type KeysetPosition, keysetPage, pastPosition } from '#server/db/keyset.ts';
import { alertIncidents, processes, users } from '#server/db/schema.ts';
import {
  ALERT_INCIDENTS_PAGE_SIZE,
  type AlertIncident,
  type IncidentFilter,
  incidentPath,
} from '#shared/alerts.ts';

// The incidents newest first by (opened_at, id), a page at a time after the last one of
// the page before, compared as the database keeps the time (alert_incidents_opened_idx;
// docs/decisions/019-keyset-at-database-precision.md). `open` keeps those not cleared.

export async function listIncidents(
  db: Db,
  filter: { state: IncidentFilter; before?: KeysetPosition },
): Promise<{ incidents: AlertIncident[]; open: number; nextCursor: string | null }> {
  const where: SQL[] = [];
  if (filter.state === 'open') where.push(isNull(alertIncidents.clearedAt));
  if (filter.before) {
    where.push(pastPosition(alertIncidents.openedAt, alertIncidents.id, filter.before, 'older'));
  }
  const rows = await db
    .select({ incident: alertIncidents, at: exactTime(alertIncidents.openedAt) })
    .from(alertIncidents)
    .where(and(...where))
    .orderBy(desc(alertIncidents.openedAt), desc(alertIncidents.id))
    .limit(ALERT_INCIDENTS_PAGE_SIZE + 1);
  const { page, nextCursor } = keysetPage(rows, ALERT_INCIDENTS_PAGE_SIZE, ({ incident, at }) => ({
    at,
    id: incident.id,
  }));
  const [openCount] = await db
    .select({ count: count() })
    .from(alertIncidents)
    .where(isNull(alertIncidents.clearedAt));
  // The names as they are now, for the page's clients and processes only.
  const clientIds = [...new Set(page.flatMap(({ incident }) => incident.clientUserId ?? []))];
  const processIds = [...new Set(page.flatMap(({ incident }) => incident.processId ?? []))];
  const clients =
    clientIds.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            name: users.name,
            company: users.companyName,
            email: users.email,
          })
          .from(users)
          .where(inArray(users.id, clientIds));
  const named =
    processIds.length === 0
      ? []
      : await db
          .select({ id: processes.id, name: processes.name })
          .from(processes)
          .where(inArray(processes.id, processIds));
  const clientOf = new Map(
    clients.map((c) => [c.id, { id: c.id, name: c.company?.trim() || c.name.trim() || c.email }]),
  );
  const processOf = new Map(named.map((p) => [p.id, p]));
  return {
    incidents: page.map(({ incident }) => ({
      id: incident.id,
      kind: incident.kind,
      subjectKey: incident.subjectKey,
      title: incident.title,
      cause: incident.cause,
      client: (incident.clientUserId && clientOf.get(incident.clientUserId)) || null,
      process: (incident.processId && processOf.get(incident.processId)) || null,
      openedAt: incident.openedAt.toISOString(),
      clearedAt: incident.clearedAt?.toISOString() ?? null,
      alertedAt: incident.alertedAt?.toISOString() ?? null,
      recoveryAlertedAt: incident.recoveryAlertedAt?.toISOString() ?? null,
      link: incidentPath(incident),
    })),
    open: openCount?.count ?? 0,
    nextCursor,
  };
}

/** Whether an incident is open for this kind and subject (tests and the evaluation read it). */
export async function openIncidentOf(db: Db, kind: AlertIncident['kind'], subjectKey: string) {
  const [row] = await db
    .select()
    .from(alertIncidents)
    .where(
      and(
        eq(alertIncidents.kind, kind),
        eq(alertIncidents.subjectKey, subjectKey),
        isNull(alertIncidents.clearedAt),
      ),
    );
  return row ?? null;
}
