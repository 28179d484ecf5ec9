import type { Db } from '#server/db/client.ts';
import { seedCatalog } from './catalog.ts';
import { type FirstAdminResult, seedFirstAdmin } from './first-admin.ts';
import { seedPackages } from './packages.ts';

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
  await seedPackages(db);
  await seedCatalog(db);
  return { firstAdmin };
}
