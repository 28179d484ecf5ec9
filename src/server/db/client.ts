import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PrivateNodeFS } from './private-node-fs.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The database as every service sees it, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection string, for a second pool on the same PostgreSQL (tests). */
  url?: string;
  /** The pg pool behind `db` on PostgreSQL, for libraries that take one (rate limits). */
  pool?: pg.Pool;
  /** The PGlite client behind `db` when embedded: backups and the export (src/server/ops). */
  pglite?: PGlite;
  /** Applies the committed migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `handler` with "<table>:<key>" for every committed change to a cached table
   * (migration 0004), from any instance; "*" when changes may have been missed (the
   * listening connection was lost), so everything cached must go.
   */
  onChange(handler: (change: string) => void): Promise<() => void>;
}

/** The channel the cache-invalidation triggers notify on. */
export const CHANGE_CHANNEL = 'cache_invalidation';
export const EVERYTHING_CHANGED = '*';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant: the advisory lock key that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_240_113;

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** Start PGlite from a dumped data directory (tests: skips initdb). */
  loadDataDir?: Blob | File;
  /** Keep PGlite in memory instead of on disk. */
  inMemory?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options);
}

async function openPostgres(connectionString: string): Promise<Database> {
  const changes = createPostgresChangeFeed(connectionString);
  // Each new pool connection listens before it is handed out (onConnect is awaited).
  const pool = new pg.Pool({ connectionString, max: 10, onConnect: changes.attach });
  // An idle connection can be cut by the server (restart, failover, admin). The pool
  // drops it and opens a new one on the next query; without a listener the process dies.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url: connectionString,
    pool,
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    onChange: changes.subscribe,
    async close() {
      await changes.close();
      await pool.end();
    },
  };
}

/**
 * Change notifications on PostgreSQL. Every pool connection listens too: PostgreSQL
 * delivers a session's own notifications before its commit returns, so a change this
 * instance makes is dropped from its cache before the writer carries on. One dedicated
 * connection keeps listening while the pool is idle, for changes made elsewhere.
 */
function createPostgresChangeFeed(connectionString: string) {
  const handlers = new Set<(change: string) => void>();
  const emit = (change: string) => {
    for (const handler of handlers) handler(change);
  };
  const onNotification = (message: pg.Notification) => {
    if (message.channel === CHANGE_CHANNEL && message.payload) emit(message.payload);
  };

  let listener: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  async function listen() {
    const client = new pg.Client({ connectionString });
    listener = client;
    // Whatever changed while nobody listened is unknown: drop everything, then retry.
    const lost = () => {
      if (listener !== client) return;
      listener = null;
      emit(EVERYTHING_CHANGED);
      if (!closed) retry = setTimeout(() => void listen(), 1_000);
    };
    client.on('notification', onNotification);
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch {
      lost();
      client.end().catch(() => {});
    }
  }

  return {
    /** Makes a pool connection listen too, before its first query. */
    async attach(client: pg.ClientBase) {
      client.on('notification', onNotification);
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    },
    async subscribe(handler: (change: string) => void) {
      handlers.add(handler);
      if (!listener && !closed) await listen();
      return () => {
        handlers.delete(handler);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  const dataDir =
    options.inMemory || !options.dataDir ? undefined : join(options.dataDir, 'pglite');
  const client = await createPglite({ dataDir, loadDataDir: options.loadDataDir });
  const pgliteDb = drizzlePglite(client, { schema });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    async ping() {
      await client.query('select 1');
    },
    // PGlite runs in this process and calls listeners before the writing query returns.
    async onChange(handler) {
      const unlisten = await client.listen(CHANGE_CHANNEL, handler);
      return () => void unlisten().catch(() => {});
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export type { PGlite };

/**
 * Every embedded database is opened with the extensions its migrations create (pg_trgm,
 * the audit search's trigram index): without them PGlite cannot read those indexes. One
 * kept on disk keeps its files private to the owner (private-node-fs.ts).
 */
export const createPglite = ({ dataDir, ...options }: PGliteOptions = {}) =>
  PGlite.create({
    ...options,
    ...(dataDir ? { fs: new PrivateNodeFS(dataDir) } : {}),
    extensions: { pg_trgm },
  });
