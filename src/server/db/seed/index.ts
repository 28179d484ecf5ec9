import type { Db } from '#server/db/client.ts';
import { type FirstAdminResult, seedFirstAdmin } from './first-admin.ts';

// Data every fresh database needs. Each seeder is idempotent: it only adds what is
// missing, so seeding runs at every start. Later features add their seeders here.

export interface SeedOptions {
  admin: { email?: string; password?: string };
}

export interface SeedReport {
  firstAdmin: FirstAdminResult | null;
}

export async function seed(db: Db, options: SeedOptions): Promise<SeedReport> {
  const firstAdmin = await seedFirstAdmin(db, options.admin);
  return { firstAdmin };
}
