import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase } from '#server/db/client.ts';

// Migrate one database per run, once: a PGlite data directory dumped to a file that
// each test file loads (initdb takes seconds), or a PostgreSQL template database that
// each test file clones with CREATE DATABASE ... TEMPLATE.

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DATABASE;
  if (kind === 'postgres') return setupPostgres(project);
  return setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const client = await createPglite();
  await migrate(drizzle(client), { migrationsFolder: 'src/server/db/migrations' });
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  mkdirSync('.tmp', { recursive: true });
  const file = join(process.cwd(), '.tmp', `pglite-template-${process.pid}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
}

async function setupPostgres(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required for the PostgreSQL test project');
  const template = `app_test_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, template) });
  await database.migrate();
  await database.close();
  project.provide('postgresTemplate', template);
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
