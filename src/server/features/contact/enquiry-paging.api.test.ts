import { and, desc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enquiries } from '#server/db/schema.ts';
import { pageCursorMessage } from '#shared/page-cursor.ts';
import { offsetGoneMessage } from '#shared/paging.ts';
import { beforeParam, repeatsOf, walkPages } from '#test/support/packed-rows.ts';
import { build } from '#test/support/test-app.ts';
import { enquirySearch } from './service.ts';

// GET /api/admin/enquiries pages with a keyset (docs/decisions/019-keyset-at-database-
// precision.md): each page starts before the last enquiry of the page before, named by
// the X-Next-Cursor it answered, so a walk through every page gives each enquiry once,
// however many share a millisecond or a microsecond; the search words go through the
// trigram indexes (migration 0033); the total is counted up to 10,000.

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });
const get = (query: string) =>
  t.injectAs(admin.token, { method: 'GET', url: `/api/admin/enquiries?${query}` });

/** `count` enquiries "<prefix> i", `perMs` to a millisecond, microseconds apart. */
async function insertEnquiries(prefix: string, count: number, perMs: number, message = 'Hello') {
  await db.execute(sql`
    insert into enquiries (name, email, interest, message, created_at)
    select ${prefix}::text || ' ' || i, 'e' || i || '@' || ${prefix}::text || '.test', 'Other',
           ${message}::text,
           timestamptz '2026-01-01T00:00:00Z'
             + (i / ${perMs}::int) * interval '1 millisecond'
             + ((i % ${perMs}::int) * (1000 / ${perMs}::int) + 1) * interval '1 microsecond'
    from generate_series(0, ${count - 1}::int) as i`);
}

/** Every enquiry the search finds, page by page of `limit`. */
const walk = (q: string, limit: number) =>
  walkPages(async (before) => {
    const page = await get(`q=${encodeURIComponent(q)}&limit=${limit}${beforeParam(before)}`);
    expect(page.statusCode, page.body).toBe(200);
    return {
      items: (page.json() as { name: string }[]).map((row) => row.name),
      next: (page.headers['x-next-cursor'] as string | undefined) ?? null,
    };
  }, 100);

describe('GET /api/admin/enquiries, page by page', () => {
  it('gives every enquiry once, newest first, with rows sharing a millisecond and a microsecond', async () => {
    await insertEnquiries('packed', 250, 4);
    // Five more at the very microsecond of one of them: only the id tells them apart.
    await db.execute(sql`
      insert into enquiries (name, email, interest, message, created_at)
      select 'packed twin ' || i, 'twin' || i || '@packed.test', 'Other', 'Hello',
             (select created_at from enquiries where name = 'packed 120')
      from generate_series(1, 5) as i`);
    const names = await walk('packed.test', 30);
    expect(names).toHaveLength(255);
    expect(repeatsOf(names)).toEqual([]);
    expect(names[0]).toBe('packed 249');
    expect(names.at(-1)).toBe('packed 0');
    // The twins sit where their time puts them, between 121 and 119.
    const at = names.indexOf('packed 121');
    expect(names.slice(at + 1, at + 7).sort()).toEqual([
      'packed 120',
      ...[1, 2, 3, 4, 5].map((i) => `packed twin ${i}`),
    ]);
  });

  it('says how many match on every page, and gives no cursor on the last', async () => {
    const first = await get('q=packed.test&limit=200');
    expect(first.headers['x-total-count']).toBe('255');
    expect(first.headers['x-total-capped']).toBeUndefined();
    const last = await get(`q=packed.test&limit=200&before=${first.headers['x-next-cursor']}`);
    expect(last.json()).toHaveLength(55);
    expect(last.headers['x-total-count']).toBe('255');
    expect(last.headers['x-next-cursor']).toBeUndefined();
  });

  it('refuses a cursor it did not give with a message, never a 500', async () => {
    const audit = await t.injectAs(admin.token, { method: 'GET', url: '/api/admin/audit-logs' });
    const auditCursor = (audit.json() as { cursor: string }[])[0]?.cursor;
    const [someEnquiry] = await db.select().from(enquiries).limit(1);
    for (const cursor of [
      'nonsense',
      '2026-01-01T00:00:00.000001Z|not-a-uuid',
      `2026-01-01T00:00:00Z|${crypto.randomUUID()}`,
      // Well formed, but no enquiry of this list: made up, or another list's.
      `2026-01-01T00:00:00.000001Z|${crypto.randomUUID()}`,
      auditCursor ?? 'no audit entry',
      // The right enquiry at a time it does not have.
      `2020-01-01T00:00:00.000000Z|${someEnquiry?.id}`,
      'x'.repeat(5000),
    ]) {
      const answer = await get(`before=${encodeURIComponent(cursor)}`);
      expect(answer.statusCode, cursor).toBe(400);
      expect(answer.json().message).toContain(pageCursorMessage);
    }
  });

  it('refuses an offset past the first page, saying to use the cursor', async () => {
    expect((await get('offset=0')).statusCode).toBe(200);
    const deep = await get('offset=100');
    expect(deep.statusCode).toBe(400);
    expect(deep.json().errors.offset).toBe(offsetGoneMessage);
  });
});

describe('GET /api/admin/enquiries?q=', () => {
  it('finds a rare word and a common one, every word required, across pages', async () => {
    await insertEnquiries('common', 120, 3, 'Please send a quote for a dashboard.');
    await db.execute(sql`
      update enquiries set message = 'Please send a quote for a zeppelin dashboard.'
      where name in ('common 7', 'common 77')`);
    const rare = await get('q=ZEPPELIN');
    expect(rare.json().map((row: { name: string }) => row.name)).toEqual(['common 77', 'common 7']);
    expect(rare.headers['x-total-count']).toBe('2');
    const common = await walk('quote dashboard', 50);
    expect(common).toHaveLength(120);
    expect(repeatsOf(common)).toEqual([]);
    const both = await get('q=quote%20zeppelin');
    expect(both.headers['x-total-count']).toBe('2');
    expect((await get(`q=${encodeURIComponent('100%_x')}`)).json()).toEqual([]);
  });

  it('counts no further than 10,000 enquiries, 1,000 matches, and says there are more', async () => {
    await insertEnquiries('crowd', 10_050, 10, 'A crowded inbox.');
    const all = await get('limit=5');
    expect(all.headers['x-total-count']).toBe('10000');
    expect(all.headers['x-total-capped']).toBe('true');
    const crowd = await get('q=crowded&limit=5');
    expect(crowd.statusCode).toBe(200);
    expect(crowd.headers['x-total-count']).toBe('1000');
    expect(crowd.headers['x-total-capped']).toBe('true');
    expect(crowd.json().map((row: { name: string }) => row.name)).toEqual(
      [10_049, 10_048, 10_047, 10_046, 10_045].map((i) => `crowd ${i}`),
    );
  });

  it('reads a rare word through the trigram indexes of the enquiries', async () => {
    await db.execute(sql`analyze enquiries`);
    const page = db
      .select()
      .from(enquiries)
      .where(and(...enquirySearch('zeppelin')))
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(101);
    // listEnquiries reads a rare search with sequential and plain index scans priced out
    // (the planner would rather read the whole table than five GIN indexes, which on
    // 50,000 enquiries took 0.35 to 1.3 s against 25 to 40 ms on PGlite), exactly as here:
    // the plan must then go through the trigram indexes, which it can only do while the
    // query's expression is theirs.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      const explained = (await tx.execute(sql`explain ${page}`)) as {
        rows: Record<string, string>[];
      };
      return explained.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    for (const column of ['name', 'email', 'company', 'message', 'interest']) {
      expect(plan).toContain(`Bitmap Index Scan on enquiries_${column}_trgm_idx`);
    }
  });
});
