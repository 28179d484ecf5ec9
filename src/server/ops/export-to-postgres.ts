import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '#server/db/client.ts';
import { lockForOperation, OpsError, requireEmbeddedDatabase } from './data-dir.ts';

// `npm run db:export-to-postgres`: moves an embedded installation to the PostgreSQL
// server at DATABASE_URL (docs/decisions/011-backups.md). With DATA_DIR locked (the
// server stopped), the embedded database is brought up to date, the target (which must
// be empty) gets the same migrations, then every table of the public schema is copied in
// foreign-key order inside one transaction on the target, in batches read through a
// cursor. Values travel as their PostgreSQL text form and are cast back to the column's
// type, which is exact for every type (ids, timestamps to the microsecond, jsonb, arrays).
// Drizzle's migrations table is not copied: the target got its own by migrating. Row
// counts are compared table by table before the commit.

export interface TableCount {
  table: string;
  rows: number;
}

export interface ExportOptions {
  dataDir: string;
  databaseUrl: string;
  /** Rows read and written per round trip. */
  batchSize?: number;
  /** Called after each batch with the rows copied so far in `table`. */
  onProgress?: (table: string, rows: number) => void;
}

interface Column {
  name: string;
  type: string;
}
interface Table {
  name: string;
  columns: Column[];
}
export interface ForeignKey {
  name: string;
  table: string;
  references: string;
  definition: string;
}

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/** The URL without its password, for messages. */
export function describeUrl(url: string) {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

export async function exportToPostgres(options: ExportOptions): Promise<TableCount[]> {
  const { dataDir, databaseUrl } = options;
  const where = describeUrl(databaseUrl);
  const release = lockForOperation(
    dataDir,
    'Stop it first: the export copies a database no server is changing.',
  );
  try {
    requireEmbeddedDatabase(dataDir);
    const source = await openDatabase({ dataDir });
    try {
      // What a start of this version would do, so both sides have the same tables.
      await source.migrate();
      await prepareTarget(databaseUrl, where);
      const target = new pg.Client({ connectionString: databaseUrl });
      await target.connect();
      try {
        return await copyEverything(source.pglite!, target, options);
      } finally {
        await target.end().catch(() => {});
      }
    } finally {
      await source.close();
    }
  } finally {
    release();
  }
}

/** Refuses a target that holds any rows, then applies the migrations to it. */
async function prepareTarget(databaseUrl: string, where: string) {
  const target = await openDatabase({ databaseUrl });
  try {
    const query: Query = async (text, params) =>
      (await target.pool!.query(text, params as unknown[])).rows;
    let busy: string[];
    try {
      busy = await tablesWithRows(query, await tableNames(query));
    } catch (error) {
      throw new OpsError(`Could not use PostgreSQL at ${where}: ${(error as Error).message}`);
    }
    if (busy.length > 0) throw notEmpty(where, busy);
    await target.migrate();
  } finally {
    await target.close();
  }
}

/** Tables a migration fills on an empty database (0019: the analytics windows). */
const WRITTEN_BY_MIGRATIONS = ['run_windows'];

const notEmpty = (where: string, tables: string[]) =>
  new OpsError(
    `The database at ${where} is not empty (rows in ${tables.join(', ')}). ` +
      'The export needs an empty database: create a new one (e.g. createdb app) and point DATABASE_URL at it.',
  );

async function copyEverything(
  source: PGlite,
  target: pg.Client,
  options: ExportOptions,
): Promise<TableCount[]> {
  const where = describeUrl(options.databaseUrl);
  const batchSize = options.batchSize ?? 1_000;
  // The same text forms on both sides, whatever the servers' defaults.
  const session =
    "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'postgres'; SET extra_float_digits = 3;";
  await source.exec(session);
  await target.query(session);
  const fromSource: Query = async (text, params) =>
    (await source.query(text, params)).rows as never;
  const fromTarget: Query = async (text, params) =>
    (await target.query(text, params as unknown[])).rows;

  const tables = await describeTables(fromTarget);
  sameTables(await describeTables(fromSource), tables);
  const { order, deferred } = copyOrder(
    tables.map((t) => t.name),
    await foreignKeys(fromTarget),
  );
  const byName = new Map(tables.map((t) => [t.name, t]));

  await target.query('BEGIN');
  try {
    // Nothing else (a server started too early) writes until the copy is committed.
    if (tables.length > 0)
      await target.query(
        `LOCK TABLE ${tables.map((t) => ident(t.name)).join(', ')} IN ACCESS EXCLUSIVE MODE`,
      );
    // Rows the migrations themselves write come from the source like every other row.
    for (const name of WRITTEN_BY_MIGRATIONS)
      if (byName.has(name)) await target.query(`DELETE FROM ${ident(name)}`);
    const busy = await tablesWithRows(fromTarget, order);
    if (busy.length > 0) throw notEmpty(where, busy);
    // Foreign keys within a table (sessions.parent_session_id) or around a cycle cannot
    // be satisfied by ordering tables: they are dropped for the copy and added back,
    // which checks every copied row against them.
    for (const fk of deferred)
      await target.query(`ALTER TABLE ${ident(fk.table)} DROP CONSTRAINT ${ident(fk.name)}`);

    // Rows arrive as they are: triggers that derive rows (run rollups) must not fire again
    // on the target, which gets the derived rows copied too.
    for (const name of order) await target.query(`ALTER TABLE ${ident(name)} DISABLE TRIGGER USER`);
    const counts = await source.transaction(async (tx) => {
      const copied: TableCount[] = [];
      for (const name of order) {
        const table = byName.get(name)!;
        const rows = await copyTable(tx, target, table, batchSize, options.onProgress);
        copied.push({ table: name, rows });
      }
      return copied;
    });

    for (const fk of deferred)
      await target.query(
        `ALTER TABLE ${ident(fk.table)} ADD CONSTRAINT ${ident(fk.name)} ${fk.definition}`,
      );
    await copySequences(fromSource, fromTarget);
    for (const name of order) await target.query(`ALTER TABLE ${ident(name)} ENABLE TRIGGER USER`);

    for (const { table, rows } of counts) {
      const [inSource] = await fromSource<{ n: number }>(
        `select count(*)::int as n from ${ident(table)}`,
      );
      const [inTarget] = await fromTarget<{ n: number }>(
        `select count(*)::int as n from ${ident(table)}`,
      );
      if (inSource?.n !== rows || inTarget?.n !== rows) {
        throw new OpsError(
          `Row counts differ for ${table}: ${inSource?.n} embedded, ${inTarget?.n} on PostgreSQL. Nothing was written.`,
        );
      }
    }
    await target.query('COMMIT');
    return counts;
  } catch (error) {
    await target.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

async function copyTable(
  tx: Transaction,
  target: pg.Client,
  table: Table,
  batchSize: number,
  onProgress?: (table: string, rows: number) => void,
): Promise<number> {
  const columns = table.columns;
  const names = columns.map((c) => ident(c.name)).join(', ');
  const select = `SELECT ${columns.map((c) => `${ident(c.name)}::text`).join(', ')} FROM ${ident(table.name)}`;
  const aliases = columns.map((_, i) => `c${i}`);
  const insert =
    `INSERT INTO ${ident(table.name)} (${names}) ` +
    `SELECT ${columns.map((c, i) => `u.c${i}::${c.type}`).join(', ')} ` +
    `FROM unnest(${columns.map((_, i) => `$${i + 1}::text[]`).join(', ')}) AS u(${aliases.join(', ')})`;

  await tx.exec(`DECLARE export_rows NO SCROLL CURSOR FOR ${select}`);
  let copied = 0;
  for (;;) {
    const { rows } = await tx.query<(string | null)[]>(
      `FETCH FORWARD ${batchSize} FROM export_rows`,
      [],
      { rowMode: 'array' },
    );
    if (rows.length === 0) break;
    await target.query(
      insert,
      columns.map((_, i) => rows.map((row) => row[i] ?? null)),
    );
    copied += rows.length;
    onProgress?.(table.name, copied);
  }
  await tx.exec('CLOSE export_rows');
  return copied;
}

/** Sequences (serial and identity columns) continue where the embedded ones stood. */
async function copySequences(fromSource: Query, fromTarget: Query) {
  const sequences = await fromSource<{ name: string; last: string | null }>(
    `SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname = 'public'`,
  );
  for (const { name, last } of sequences) {
    if (last === null) continue; // never used
    await fromTarget(`SELECT setval(format('public.%I', $1::text)::regclass, $2::bigint, true)`, [
      name,
      last,
    ]);
  }
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function tableNames(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

async function tablesWithRows(query: Query, names: string[]): Promise<string[]> {
  const busy: string[] = [];
  for (const name of names) {
    const [row] = await query<{ any: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM public.${ident(name)}) AS any`,
    );
    if (row?.any) busy.push(name);
  }
  return busy;
}

/** The tables of the public schema with their columns (generated ones left out). */
async function describeTables(query: Query): Promise<Table[]> {
  const rows = await query<{ table_name: string; column_name: string; type_name: string }>(
    `SELECT c.relname AS table_name, a.attname AS column_name,
            format_type(a.atttypid, a.atttypmod) AS type_name
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       AND a.attgenerated = ''
     ORDER BY c.relname, a.attnum`,
  );
  const tables = new Map<string, Table>();
  for (const row of rows) {
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [] };
    table.columns.push({ name: row.column_name, type: row.type_name });
    tables.set(row.table_name, table);
  }
  return [...tables.values()];
}

function sameTables(source: Table[], target: Table[]) {
  const shape = (t: Table) =>
    `${t.name}(${t.columns
      .map((c) => `${c.name} ${c.type}`)
      .sort()
      .join(', ')})`;
  const inTarget = new Set(target.map(shape));
  const inSource = new Set(source.map(shape));
  const missing = [...inSource].filter((s) => !inTarget.has(s));
  const extra = [...inTarget].filter((s) => !inSource.has(s));
  if (missing.length > 0 || extra.length > 0) {
    throw new OpsError(
      'The tables differ between the embedded database and PostgreSQL after migrating both ' +
        `(embedded only: ${missing.join('; ') || 'none'}; PostgreSQL only: ${extra.join('; ') || 'none'}). Nothing was copied.`,
    );
  }
}

async function foreignKeys(query: Query): Promise<ForeignKey[]> {
  return query<ForeignKey>(
    `SELECT con.conname AS name, t.relname AS "table", r.relname AS "references",
            pg_get_constraintdef(con.oid) AS definition
     FROM pg_constraint con
     JOIN pg_class t ON t.oid = con.conrelid
     JOIN pg_class r ON r.oid = con.confrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE con.contype = 'f' AND n.nspname = 'public'
     ORDER BY con.conname`,
  );
}

/**
 * Tables ordered so every referenced table comes before the tables referring to it, and
 * the foreign keys no order satisfies (a table referring to itself, or a cycle).
 */
export function copyOrder(tables: string[], keys: ForeignKey[]) {
  const deferred = keys.filter((fk) => fk.table === fk.references);
  const pending = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const fk of keys) {
    if (fk.table !== fk.references && pending.has(fk.references))
      pending.get(fk.table)?.add(fk.references);
  }
  const order: string[] = [];
  for (;;) {
    const ready = [...pending].filter(([, needs]) => needs.size === 0).map(([t]) => t);
    if (ready.length === 0) break;
    for (const table of ready.sort()) {
      order.push(table);
      pending.delete(table);
      for (const needs of pending.values()) needs.delete(table);
    }
  }
  // What is left refers around a cycle: copy it in name order without those keys.
  const left = new Set(pending.keys());
  for (const fk of keys) {
    if (fk.table !== fk.references && left.has(fk.table) && left.has(fk.references))
      deferred.push(fk);
  }
  order.push(...[...left].sort());
  return { order, deferred };
}
