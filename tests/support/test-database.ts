import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { withDatabase } from './global-setup.ts';

/**
 * A fresh, migrated database for one test file: PGlite loaded from the migrated dump, or
 * a PostgreSQL database cloned from the migrated template (TEST_DATABASE picks).
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE === 'postgres') return openPostgresCopy();
  const dump = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ inMemory: true, loadDataDir: new Blob([dump]) });
}

async function openPostgresCopy(): Promise<Database> {
  const url = process.env.DATABASE_URL!;
  const name = `app_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
