import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { notificationSettings } from '#server/db/schema.ts';
import { accountCapabilities, resolveAccount } from '#server/domain/accounts/account.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { badRequest, forbidden, HttpError } from '#server/http/errors.ts';
import { refusedAddressWarnings } from '#server/integrations/http/address-warnings.ts';
import { notificationsApi as api } from '#shared/api/notifications.ts';
import { notificationMessages } from '#shared/notifications.ts';

// What the signed-in person wants to hear about, for accounts whose plan includes
// notifications; and a test call to their webhook.

const empty = {
  emailOnFailure: false,
  emailOnSkip: false,
  dailySummary: false,
  webhookUrl: null,
  webhookSecret: null,
};
/** What a save may change, as the audit entry names it. */
const choices = ['emailOnFailure', 'emailOnSkip', 'dailySummary', 'webhookUrl'] as const;

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  async function allowedUser(request: Parameters<typeof currentUser>[0]) {
    const user = currentUser(request);
    const account = await resolveAccount(db, user, app.readCache);
    if (!accountCapabilities(account).hasNotifications)
      throw forbidden(notificationMessages.notIncluded);
    return user;
  }

  const read = async (userId: string) => {
    const [row] = await db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId));
    return row
      ? {
          emailOnFailure: row.emailOnFailure,
          emailOnSkip: row.emailOnSkip,
          dailySummary: row.dailySummary,
          webhookUrl: row.webhookUrl,
          webhookSecret: row.webhookUrl ? row.webhookSecret : null,
        }
      : empty;
  };

  serve(app, api.read, async (request) => read((await allowedUser(request)).id));

  serve(app, api.save, async (request) => {
    const user = await allowedUser(request);
    const body = request.body;
    if (body.webhookUrl?.startsWith('http:') && !app.deps.config.allowPrivateWebhooks) {
      throw badRequest(notificationMessages.webhookUrl, {
        webhookUrl: notificationMessages.webhookUrl,
      });
    }
    const [existing] = await db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, user.id));
    // The signing secret is made once and kept while a URL is set.
    const secret = existing?.webhookSecret ?? `nsec_${randomBytes(24).toString('base64url')}`;
    const values = {
      emailOnFailure: body.emailOnFailure,
      emailOnSkip: body.emailOnSkip,
      dailySummary: body.dailySummary,
      webhookUrl: body.webhookUrl ?? null,
      webhookSecret: secret,
      updatedAt: new Date(),
    };
    await db
      .insert(notificationSettings)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
    await audit(db, {
      source: 'notifications',
      message: 'Notification settings saved',
      userId: user.id,
      ip: request.ip,
      // The webhook URL is named when it changed, never given: it is the person's own
      // listener's address (docs/decisions/017-privacy-requests.md).
      details: {
        changed: choices.filter((key) => (existing ?? empty)[key] !== values[key]),
        emailOnFailure: values.emailOnFailure,
        emailOnSkip: values.emailOnSkip,
        dailySummary: values.dailySummary,
        webhookConfigured: values.webhookUrl !== null,
      },
    });
    // Saved all the same: the person learns now, not from notices that never come.
    const warnings = await refusedAddressWarnings(
      [{ label: 'webhook URL', url: values.webhookUrl }],
      { allowPrivate: app.deps.config.allowPrivateWebhooks, audience: 'client' },
    );
    return { ...(await read(user.id)), warnings };
  });

  serve(app, api.test, async (request) => {
    const user = await allowedUser(request);
    const settings = await read(user.id);
    if (!settings.webhookUrl) throw badRequest(notificationMessages.noWebhook);
    let status: number;
    try {
      status = await app.notifier.sendTest(user.id);
    } catch (error) {
      throw new HttpError(502, `The webhook could not be reached: ${(error as Error).message}`);
    }
    if (status < 200 || status >= 300) {
      throw new HttpError(502, `The webhook answered ${status}.`);
    }
    return { message: notificationMessages.testSent };
  });
};
