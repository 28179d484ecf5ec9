import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { alertSettings } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import type { AlertSettingsInputSchema } from '#shared/alerts.ts';

// Where the consultancy's alerts go and which rules are on: one row (id 1), absent until
// an admin first saves, when the table's defaults are in force. The webhook's signing
// secret is made when a URL is first saved and given whole only then (or when rotated);
// reads show its last characters.

export type AlertSettingsValues = z.output<typeof AlertSettingsInputSchema>;

/** The row as the evaluation and the routes read it: saved, or the defaults. */
export interface StoredAlertSettings extends AlertSettingsValues {
  webhookUrl: string | null;
  webhookSecret: string | null;
  updatedAt: Date | null;
}

/** The table's defaults (migration 0031), in force until the first save. */
export const defaultAlertSettings: StoredAlertSettings = {
  emails: [],
  webhookUrl: null,
  webhookSecret: null,
  failuresInARow: 3,
  successRateBelow: 90,
  scheduleMissed: true,
  n8nUnreachable: true,
  mailFailing: true,
  updatedAt: null,
};

const SETTINGS_ID = 1;
const newSecret = () => `asec_${randomBytes(24).toString('base64url')}`;
/** What a read shows of the secret: enough to tell two apart, nothing to sign with. */
export const secretHint = (secret: string | null) => (secret ? `…${secret.slice(-4)}` : null);

export async function readAlertSettings(db: Db): Promise<StoredAlertSettings> {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.id, SETTINGS_ID));
  if (!row) return defaultAlertSettings;
  return {
    emails: row.emails,
    webhookUrl: row.webhookUrl,
    webhookSecret: row.webhookSecret,
    failuresInARow: row.failuresInARow,
    successRateBelow: row.successRateBelow,
    scheduleMissed: row.scheduleMissed,
    n8nUnreachable: row.n8nUnreachable,
    mailFailing: row.mailFailing,
    updatedAt: row.updatedAt,
  };
}

/** The choices a save may change, as its audit entry names them. */
const choices = [
  'emails',
  'webhookUrl',
  'failuresInARow',
  'successRateBelow',
  'scheduleMissed',
  'n8nUnreachable',
  'mailFailing',
] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Saves the settings; the whole secret when this save made one, null otherwise. */
export async function saveAlertSettings(
  db: Db,
  values: AlertSettingsValues,
  actor: { id: string; ip: string },
): Promise<{ madeSecret: string | null }> {
  const existing = await readAlertSettings(db);
  const webhookUrl = values.webhookUrl ?? null;
  // Made with the first URL and kept while one is set; a removed URL takes its secret along.
  const madeSecret = webhookUrl && !existing.webhookSecret ? newSecret() : null;
  const webhookSecret = webhookUrl ? (madeSecret ?? existing.webhookSecret) : null;
  const row = {
    emails: values.emails,
    webhookUrl,
    webhookSecret,
    failuresInARow: values.failuresInARow,
    successRateBelow: values.successRateBelow,
    scheduleMissed: values.scheduleMissed,
    n8nUnreachable: values.n8nUnreachable,
    mailFailing: values.mailFailing,
    updatedBy: actor.id,
    updatedAt: new Date(),
  };
  await db
    .insert(alertSettings)
    .values({ id: SETTINGS_ID, ...row })
    .onConflictDoUpdate({ target: alertSettings.id, set: row });
  await audit(db, {
    source: 'alerts',
    message: 'Alert settings saved',
    actorId: actor.id,
    ip: actor.ip,
    // The addresses and the webhook are named when they changed, never given
    // (docs/decisions/017-privacy-requests.md).
    details: {
      changed: choices.filter((key) => !same(existing[key] ?? null, row[key] ?? null)),
      emailCount: row.emails.length,
      webhookConfigured: webhookUrl !== null,
      failuresInARow: row.failuresInARow,
      successRateBelow: row.successRateBelow,
      scheduleMissed: row.scheduleMissed,
      n8nUnreachable: row.n8nUnreachable,
      mailFailing: row.mailFailing,
    },
  });
  return { madeSecret };
}

/** A new signing secret for the saved webhook; null when no webhook is saved. */
export async function rotateAlertSecret(
  db: Db,
  actor: { id: string; ip: string },
): Promise<string | null> {
  if (!(await readAlertSettings(db)).webhookUrl) return null;
  const secret = newSecret();
  await db
    .update(alertSettings)
    .set({ webhookSecret: secret, updatedBy: actor.id, updatedAt: new Date() })
    .where(eq(alertSettings.id, SETTINGS_ID));
  await audit(db, {
    source: 'alerts',
    message: 'Alert webhook signing secret rotated',
    actorId: actor.id,
    ip: actor.ip,
  });
  return secret;
}
