import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { packages } from '#server/db/schema.ts';

// The packages on sale with the local billing provider (DESIGN §1). Upserted at every
// start, so a price changed here reaches existing databases. Prices in cents; a year
// costs ten months.

export const seededPackages: (typeof packages.$inferInsert)[] = [
  {
    id: 'basic-monthly',
    name: 'Basic Monthly',
    description: 'Scheduling every 15 minutes or more, the workflow catalog, 7-day run logs.',
    plan: 'Basic',
    price: 2900,
    interval: 'month',
    sortOrder: 10,
  },
  {
    id: 'basic-yearly',
    name: 'Basic Yearly',
    description: 'Everything in Basic, billed once a year: two months free.',
    plan: 'Basic',
    price: 29000,
    interval: 'year',
    sortOrder: 20,
  },
  {
    id: 'pro-monthly',
    name: 'Pro Monthly',
    description:
      'Scheduling every 5 minutes, team seats, CSV export, notifications, 30-day run logs.',
    plan: 'Pro',
    price: 7900,
    interval: 'month',
    sortOrder: 30,
  },
  {
    id: 'pro-yearly',
    name: 'Pro Yearly',
    description: 'Everything in Pro, billed once a year: two months free.',
    plan: 'Pro',
    price: 79000,
    interval: 'year',
    sortOrder: 40,
  },
];

export async function seedPackages(db: Db): Promise<void> {
  await db
    .insert(packages)
    .values(seededPackages)
    .onConflictDoUpdate({
      target: packages.id,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        plan: sql`excluded.plan`,
        price: sql`excluded.price`,
        interval: sql`excluded.interval`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}
