import { isIP } from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin } from '#server/auth/guards.ts';
import { audit } from '#server/domain/audit/audit.ts';
import {
  ADMIN_ALLOWED_IP,
  clearSetting,
  getSetting,
  setSetting,
} from '#server/domain/settings/app-settings.ts';
import { badRequest } from '#server/http/errors.ts';
import { normaliseIp } from '#server/net/ip.ts';
import { ErrorSchema } from '#shared/answers.ts';
import {
  AdminAllowedIpSchema,
  type SecurityState,
  SecurityStateSchema,
  securityMessages,
} from '#shared/security.ts';

// The admin IP lock (SPEC §2 Security): once set, admin calls from any other address
// get 403 (enforced in requireAdmin). Recovery: restart with ADMIN_IP_LOCK_RESET=true.

export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.addHook('onRequest', requireAdmin);
  const common = { tags: ['admin: security'], security: [{ bearer: [] }] };
  const state = async (ip: string): Promise<SecurityState> => ({
    ip: normaliseIp(ip),
    allowedIp: await getSetting<string>(db, ADMIN_ALLOWED_IP),
  });

  app.get(
    '/ip',
    { schema: { ...common, response: { 200: SecurityStateSchema } } },
    async (request) => state(request.ip),
  );

  app.post(
    '/admin-allowed-ip',
    {
      schema: {
        ...common,
        body: AdminAllowedIpSchema,
        response: { 200: SecurityStateSchema, 400: ErrorSchema },
      },
    },
    async (request) => {
      const ip = normaliseIp(request.body.ip);
      if (!isIP(ip)) throw badRequest(securityMessages.invalid, { ip: securityMessages.invalid });
      await setSetting(db, ADMIN_ALLOWED_IP, ip, currentUser(request).id);
      await audit(db, {
        level: 'warning',
        source: 'security',
        message: `Admin area locked to ${ip}`,
        actorId: currentUser(request).id,
        ip: request.ip,
      });
      return state(request.ip);
    },
  );

  app.delete(
    '/admin-allowed-ip',
    { schema: { ...common, response: { 200: SecurityStateSchema } } },
    async (request) => {
      await clearSetting(db, ADMIN_ALLOWED_IP);
      await audit(db, {
        level: 'warning',
        source: 'security',
        message: 'Admin IP lock removed',
        actorId: currentUser(request).id,
        ip: request.ip,
      });
      return state(request.ip);
    },
  );
};
