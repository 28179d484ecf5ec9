import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { catalogTemplates } from '#server/db/schema.ts';

// The workflow templates of the catalog (SPEC §2 Catalog). Upserted by slug at every
// start, so wording changed here reaches existing databases; requests keep their ids.

export const seededTemplates: (typeof catalogTemplates.$inferInsert)[] = [
  {
    slug: 'lead-intake-to-crm',
    name: 'Lead intake to CRM',
    description:
      'Collects leads from web forms and a shared inbox, removes duplicates, adds company details and creates the contact and deal in your CRM with an owner assigned.',
    tags: ['sales', 'customer records', 'forms'],
  },
  {
    slug: 'overdue-invoice-reminders',
    name: 'Overdue invoice reminders',
    description:
      'Checks your accounting system every morning for overdue invoices, sends polite reminders that grow firmer over time, and tells finance when an invoice reaches 30 days.',
    tags: ['finance', 'accounting', 'email'],
  },
  {
    slug: 'support-ticket-triage',
    name: 'Support ticket triage with AI',
    description:
      'Reads each new ticket, tags it by topic and urgency with a language model, routes it to the right queue and drafts a first reply for an agent to check.',
    tags: ['support', 'ai', 'help desk'],
  },
  {
    slug: 'employee-onboarding',
    name: 'New employee onboarding',
    description:
      'When a hire is marked in your HR tool, creates their e-mail, chat and project accounts, shares the handbook and books the first-week meetings.',
    tags: ['new hires', 'accounts', 'scheduling'],
  },
  {
    slug: 'daily-sales-digest',
    name: 'Daily sales digest',
    description:
      "Sums up yesterday's orders, revenue and refunds from your store and payment provider and posts the figures to your team chat every morning.",
    tags: ['reporting', 'e-commerce', 'chat'],
  },
  {
    slug: 'inventory-sync',
    name: 'Inventory sync across channels',
    description:
      'Keeps stock levels equal between your online store, marketplace listings and the warehouse sheet, checking every 15 minutes and flagging items running low.',
    tags: ['e-commerce', 'inventory', 'sync'],
  },
  {
    slug: 'content-calendar-publisher',
    name: 'Content calendar to social posts',
    description:
      'Publishes approved posts from a content calendar spreadsheet to LinkedIn, Facebook and X at their planned times and records each result back in the sheet.',
    tags: ['marketing', 'social media', 'scheduling'],
  },
  {
    slug: 'invoice-data-extraction',
    name: 'Invoice and receipt data extraction',
    description:
      'Reads PDF invoices and receipts arriving in a shared inbox, pulls out vendor, amount, tax and due date, and files them in your accounting system for approval.',
    tags: ['finance', 'ai', 'documents'],
  },
  {
    slug: 'uptime-and-certificate-alerts',
    name: 'Website uptime and certificate alerts',
    description:
      'Checks your sites every five minutes, sends a text and an e-mail when one goes down, and warns two weeks before a TLS certificate expires.',
    tags: ['monitoring', 'alerts', 'uptime'],
  },
  {
    slug: 'meeting-notes-to-tasks',
    name: 'Meeting notes to tasks',
    description:
      'Transcribes recorded meetings, summarises the decisions and creates the follow-up tasks with owners and due dates in your project tool.',
    tags: ['productivity', 'ai', 'tasks'],
  },
];

export async function seedCatalog(db: Db): Promise<void> {
  await db
    .insert(catalogTemplates)
    .values(seededTemplates)
    .onConflictDoUpdate({
      target: catalogTemplates.slug,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        tags: sql`excluded.tags`,
      },
    });
}
