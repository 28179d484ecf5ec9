import { readFileSync } from 'node:fs';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs } from '#server/db/schema.ts';
import { build } from '#test/support/test-app.ts';

// Migration 0024 scrubs the audit entries written before details stopped holding webhook
// addresses and secrets (docs/decisions/017-privacy-requests.md). The rows below have the
// shapes earlier code wrote (git history of the audit call sites); the migration's own SQL
// runs over them, as the migrator runs it, statement by statement.

const t = await build();
const db = t.deps.database.db;

const MIGRATION = new URL('./migrations/0024_scrub_audit_secrets.sql', import.meta.url);
const statements = readFileSync(MIGRATION, 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter(Boolean);

const URLS = {
  webhook: 'https://n8n.example.com/webhook/old-intake-3b7f',
  fallback: 'https://n8n.example.com/webhook/old-fallback-91ce',
  changed: 'https://n8n.example.com/webhook/new-intake-c04a',
  notify: 'https://hooks.example.com/services/T01/B02/notify-6d2e',
  catalog: 'https://n8n.example.com/webhook/catalog-a5d1',
  inText: 'http://10.0.0.7:5678/webhook/in-text-e88b',
};

/** "Process … created" before: the whole input, keys and secrets already "[redacted]". */
const created = (url: string, fallback: string | null) => ({
  name: 'Order intake',
  isActive: true,
  httpMethod: 'POST',
  description: null,
  inputFields: [],
  clientUserId: '6f37f806-9ab8-4483-b274-303bf09517f6',
  n8nWebhookUrl: url,
  n8nWorkflowId: null,
  webhookAuthKey: '[redacted]',
  webhookAuthBasicPass: '[redacted]',
  webhookAuthBasicUser: null,
  webhookAuthJwtSecret: '[redacted]',
  webhookAuthUseBearer: true,
  webhookAuthHeaderName: 'Authorization',
  webhookTimeoutSeconds: 30,
  inactiveFallbackWebhookUrl: fallback,
});

const oldRows: { source: string; message: string; details: Record<string, unknown> }[] = [
  {
    source: 'processes',
    message: 'Process "Order intake" created',
    details: created(URLS.webhook, URLS.fallback),
  },
  {
    source: 'processes',
    message: 'Process "Order intake" updated',
    details: {
      changed: ['n8nWebhookUrl', 'webhookAuthKey'],
      n8nWebhookUrl: URLS.changed,
      webhookAuthKey: '[redacted]',
    },
  },
  {
    source: 'processes',
    message: 'Process "Lead intake to CRM" created',
    details: created(URLS.catalog, null),
  },
  {
    source: 'notifications',
    message: 'Notification settings saved',
    details: {
      webhookUrl: URLS.notify,
      emailOnSkip: false,
      dailySummary: false,
      webhookSecret: '[redacted]',
      emailOnFailure: true,
    },
  },
  {
    source: 'runs',
    message: 'Run of "Order intake" failed: status 404',
    details: {
      runId: 'b1c2',
      status: 404,
      snippet: `{"message":"Webhook ${URLS.inText} is not registered"}`,
      nested: { deeper: [{ callbackUrl: 'https://example.com/cb?token=abc-77f1' }] },
    },
  },
];

/** Entries that hold nothing secret: the migration leaves them exactly as they were. */
const untouched: { source: string; message: string; details: Record<string, unknown> }[] = [
  { source: 'contact', message: 'Enquiry', details: { enquiryId: 'e-1' } },
  {
    source: 'processes',
    message: 'Process "Renamed" updated',
    details: {
      changed: ['name', 'inactiveFallbackWebhookUrl'],
      name: 'Renamed',
      inactiveFallbackWebhookUrl: null,
    },
  },
  {
    source: 'auth',
    message: 'Passkey added',
    details: { passkeyName: 'Laptop', say: 'a "quoted" word' },
  },
];

describe('migration 0024: audit details keep no webhook address or secret', () => {
  it('clears every address and secret value earlier code wrote, keeping the keys and the rest', async () => {
    const inserted = await db
      .insert(auditLogs)
      .values([...oldRows, ...untouched].map((row) => ({ level: 'info' as const, ...row })))
      .returning({ id: auditLogs.id });
    for (const statement of statements) await db.execute(sql.raw(statement));

    const ids = inserted.map((row) => row.id);
    const after = await db.select().from(auditLogs).where(inArray(auditLogs.id, ids));
    const byMessage = (message: string) => after.filter((row) => row.message === message);
    const text = JSON.stringify(after);
    for (const secret of [...Object.values(URLS), 'abc-77f1', 'old-intake', 'notify-6d2e']) {
      expect(text).not.toContain(secret);
    }

    const [first, catalog] = byMessage('Process "Order intake" created').concat(
      byMessage('Process "Lead intake to CRM" created'),
    );
    expect(first?.details).toEqual({
      ...created('[redacted]', '[redacted]'),
    });
    expect(catalog?.details).toEqual(created('[redacted]', null));
    const notices = byMessage('Notification settings saved')[0];
    expect(notices?.details).toEqual({
      webhookUrl: '[redacted]',
      emailOnSkip: false,
      dailySummary: false,
      webhookSecret: '[redacted]',
      emailOnFailure: true,
    });
    const run = byMessage('Run of "Order intake" failed: status 404')[0];
    expect(run?.details).toEqual({
      runId: 'b1c2',
      status: 404,
      snippet: '{"message":"Webhook [redacted] is not registered"}',
      nested: { deeper: [{ callbackUrl: '[redacted]' }] },
    });
    const kept = after.filter((row) => !oldRows.some((old) => old.message === row.message));
    expect(kept.map((row) => row.details)).toEqual(
      expect.arrayContaining(untouched.map((row) => row.details)),
    );
    const renamed = byMessage('Process "Order intake" updated');
    expect(renamed.map((row) => row.details)).toContainEqual({
      changed: ['n8nWebhookUrl', 'webhookAuthKey'],
      n8nWebhookUrl: '[redacted]',
      webhookAuthKey: '[redacted]',
    });
  });

  it('rewrites nothing on a second run', async () => {
    const before = await db.select().from(auditLogs);
    for (const statement of statements) {
      const result = (await db.execute(sql.raw(statement))) as {
        rowCount?: number | null;
        affectedRows?: number;
      };
      expect(result.rowCount ?? result.affectedRows).toBe(0);
    }
    expect(await db.select().from(auditLogs)).toEqual(before);
  });
});
