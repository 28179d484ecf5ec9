import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  appSettings,
  auditLogs,
  invoices,
  legalDrafts,
  processes,
  rateLimits,
  runs,
  schedules,
  sessions,
  teamMembers,
  users,
} from '#server/db/schema.ts';

// Rows for the backup and export tests: one of each thing an installation holds, with the
// values that are easy to lose on the way (microseconds, jsonb null against SQL NULL,
// arrays holding NULL and quotes, the largest bigint, non-ASCII text, a session that
// refers to another session).

const micro = (text: string) => sql`${text}::timestamptz`;

export async function fillSampleData(db: Db) {
  const [owner, member] = await db
    .insert(users)
    .values([
      {
        name: 'Olive Owner',
        email: 'olive@example.test',
        passwordHash: 'scrypt$not-a-real-hash',
        companyName: 'Owner & Co., "Quoted" {Braces}',
        allowedIps: ['203.0.113.7', '2001:db8::1'],
        entitlements: { manualTrigger: true, scheduler: true },
        billingPrefs: { hourlyRateCents: 15_000, defaultDueDays: 30, defaultPriceId: null },
        subscriptionStatus: 'active',
        subscriptionPlan: 'Pro',
        recoveryCodeHashes: ['a,b', 'with "quotes"', 'NULL', ''],
        createdAt: micro('2026-01-02 03:04:05.123456+00'),
      },
      {
        name: 'Zoë Ñandú 🚀',
        email: 'zoe@example.test',
        passwordHash: 'scrypt$another',
        companyName: null,
      },
    ])
    .returning();
  if (!owner || !member) throw new Error('no users');

  await db.insert(teamMembers).values({
    ownerUserId: owner.id,
    memberUserId: member.id,
    role: 'admin',
  });
  const [process] = await db
    .insert(processes)
    .values({
      name: 'Lead intake',
      description: 'Line one\nline two\ttabbed \\ backslash',
      clientUserId: owner.id,
      n8nWebhookUrl: 'https://n8n.example.test/webhook/lead',
    })
    .returning();
  if (!process) throw new Error('no process');
  const [schedule] = await db
    .insert(schedules)
    .values({
      processId: process.id,
      clientUserId: owner.id,
      cron: '0 9 * * 1-5',
      timezone: 'America/Chicago',
      nextRunAt: micro('2031-05-05 14:00:00+00'),
    })
    .returning();
  await db.insert(runs).values([
    {
      processId: process.id,
      clientUserId: owner.id,
      trigger: 'manual',
      triggeredBy: member.id,
      statusCode: 200,
      durationMs: 153,
      ok: true,
      bodySnippet: '{"ok":true,"note":"ünïcode"}',
      startedAt: micro('2026-03-04 05:06:07.000001+00'),
    },
    {
      processId: process.id,
      clientUserId: owner.id,
      trigger: 'schedule',
      scheduleId: schedule!.id,
      scheduledFor: micro('2026-03-05 14:00:00+00'),
      statusCode: 502,
      ok: false,
      error: 'Bad gateway',
    },
  ]);
  await db.insert(invoices).values({
    number: 'INV-2026-0001',
    clientUserId: owner.id,
    packageId: 'pro-monthly',
    description: 'Pro plan, March 2026',
    status: 'unpaid',
    amount: 49_900,
  });
  await db.insert(auditLogs).values([
    {
      level: 'info',
      source: 'backup-test',
      message: 'Nested details',
      userId: owner.id,
      details: { list: [1, 2.5, { deep: null }], text: 'a\nb', empty: {} },
    },
    { level: 'warning', source: 'backup-test', message: 'No details', details: null },
  ]);
  const [parent] = await db
    .insert(sessions)
    .values({ userId: owner.id, expiresAt: micro('2031-01-01 00:00:00+00') })
    .returning();
  await db.insert(sessions).values({
    userId: member.id,
    impersonatorId: owner.id,
    impersonatorTokenVersion: 0,
    parentSessionId: parent!.id,
    expiresAt: micro('2031-01-01 01:00:00+00'),
  });
  await db.insert(appSettings).values({ key: 'json-null', value: sql`'null'::jsonb` });
  await db.insert(legalDrafts).values({
    createdBy: owner.id,
    clientName: 'Client',
    projectName: 'Project',
    documents: [],
    metadata: { version: 1 },
  });
  await db.execute(
    sql`insert into ${rateLimits} (key, points, expire) values ('ip:198.51.100.1', 3, 9223372036854775807)`,
  );
  return { owner, member, process };
}

type Query = <T>(text: string) => Promise<T[]>;

/** Every row of every table in the public schema, as PostgreSQL's text form, sorted. */
export async function snapshotTables(query: Query): Promise<Record<string, string[]>> {
  await query("SET TimeZone = 'UTC'");
  await query("SET DateStyle = 'ISO, YMD'");
  const tables = await query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by 1",
  );
  const snapshot: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await query<{ row: string }>(`select t::text as row from "${name}" t order by 1`);
    snapshot[name] = rows.map((r) => r.row);
  }
  return snapshot;
}
