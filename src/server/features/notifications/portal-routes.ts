import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { accountCapabilities, resolveAccount } from '#server/domain/accounts/account.ts';
import { badRequest, forbidden, HttpError } from '#server/http/errors.ts';
import { refusedAddressWarnings } from '#server/integrations/http/address-warnings.ts';
import { notificationsApi as api } from '#shared/api/notifications.ts';
import { notificationMessages } from '#shared/notifications.ts';
import { readNotificationSettings, saveNotificationSettings } from './service.ts';

// What the signed-in person wants to hear about, for accounts whose plan includes
// notifications; and a test call to their webhook.

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  async function allowedUser(request: Parameters<typeof currentUser>[0]) {
    const user = currentUser(request);
    const account = await resolveAccount(db, user, app.readCache);
    if (!accountCapabilities(account).hasNotifications)
      throw forbidden(notificationMessages.notIncluded);
    return user;
  }

  const read = (userId: string) => readNotificationSettings(db, userId);

  serve(app, api.read, async (request) => read((await allowedUser(request)).id));

  serve(app, api.save, async (request) => {
    const user = await allowedUser(request);
    const body = request.body;
    if (body.webhookUrl?.startsWith('http:') && !app.deps.config.allowPrivateWebhooks) {
      throw badRequest(notificationMessages.webhookUrl, {
        webhookUrl: notificationMessages.webhookUrl,
      });
    }
    await saveNotificationSettings(db, user.id, body, request.ip);
    // Saved all the same: the person learns now, not from notices that never come.
    const warnings = await refusedAddressWarnings(
      [{ label: 'webhook URL', url: body.webhookUrl ?? null }],
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
