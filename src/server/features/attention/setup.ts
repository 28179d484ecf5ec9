import { ne } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { processes, users } from '#server/db/schema.ts';
import type { SetupStep } from '#shared/attention.ts';
import { brand } from '#shared/brand.ts';
import type { CheckKey } from '#shared/environment.ts';

// The first-day checklist: each step is read from what is configured or stored now, so
// it ticks itself as the admin sets things up, and never needs to be marked done.

/**
 * The fictional consultancy the brand module ships with (README "Make it yours"): while
 * its site is still there, the brand has not been made the consultancy's own.
 */
const SHIPPED_SITE = 'https://northwindlakes.dev';

const exists = async (query: Promise<unknown[]>) => (await query).length > 0;

export async function setupSteps(db: Db, config: Config) {
  const [hasClient, hasProcess] = await Promise.all([
    exists(db.select({ id: users.id }).from(users).where(ne(users.role, 'Admin')).limit(1)),
    exists(db.select({ id: processes.id }).from(processes).limit(1)),
  ]);
  const { ach, check } = config.invoicing.instructions;
  // Local billing needs a way to be paid on its invoices; Stripe and Zoho refuse to start
  // without their keys (config.ts), so choosing one of them is having it set up.
  const billing = config.billingProvider === 'local' ? Boolean(ach || check) : true;
  const steps: SetupStep[] = [
    { id: 'brand', done: brand.siteUrl !== SHIPPED_SITE },
    { id: 'mail', done: Boolean(config.smtpUrl) },
    { id: 'billing', done: billing },
    { id: 'firstClient', done: hasClient },
    { id: 'firstProcess', done: hasProcess },
    { id: 'n8nApi', done: Boolean(config.n8n.apiUrl && config.n8n.apiKey) },
  ];
  return { hasClient, steps };
}

/**
 * The environment checks worth a line on Today with this configuration. What is simply
 * not set up yet is the checklist's to say; a check appears here once its service is
 * chosen, so a failure means something set up is broken. DATABASE_URL unset is a choice
 * (the embedded database), not a fault.
 */
export function environmentKeys(config: Config): CheckKey[] {
  const keys: CheckKey[] = ['mongo', 'jwtSecret', 'frontendUrl'];
  if (config.billingProvider === 'stripe') keys.push('stripe', 'stripeWebhook');
  if (config.n8n.apiUrl || config.n8n.apiKey) keys.push('n8nApiUrl', 'n8nApiKey');
  if (config.n8n.railwayUrl) keys.push('n8nRailwayUrl');
  if (config.smtpUrl) keys.push('emailUser', 'emailPassword');
  return keys;
}
