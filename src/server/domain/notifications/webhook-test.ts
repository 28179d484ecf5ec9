import { eq } from 'drizzle-orm';
import { notificationSettings } from '#server/db/schema.ts';
import { brand } from '#shared/brand.ts';
import { paths } from '#shared/paths.ts';
import type { NotifierDeps } from './notifier-deps.ts';
import { postNotice } from './webhook-deliveries.ts';

/**
 * A test notice to the person's webhook, sent at once and never queued: they wait for
 * its answer on the page. The HTTP status it got; 0 without a webhook set up.
 */
export async function sendTestNotice(deps: NotifierDeps, userId: string): Promise<number> {
  const { db, publicUrl, allowPrivate } = deps;
  const [settings] = await db
    .select({
      url: notificationSettings.webhookUrl,
      secret: notificationSettings.webhookSecret,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  if (!settings?.url || !settings.secret) return 0;
  const body = JSON.stringify({
    text: `Test notice from ${brand.name}: your webhook works.`,
    event: 'test',
    link: `${publicUrl}${paths.settings}`,
  });
  return postNotice({ url: settings.url, secret: settings.secret }, body, allowPrivate);
}
