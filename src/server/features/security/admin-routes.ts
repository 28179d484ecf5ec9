import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { securityApi as api } from '#shared/api/security.ts';
import { lockAdminArea, securityState, unlockAdminArea } from './service.ts';

// The admin IP lock (SPEC §2 Security): once set, admin calls from any other address get
// 403 (enforced in requireAdmin). Recovery: restart with ADMIN_IP_LOCK_RESET=true.

export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const acting = (request: FastifyRequest) => ({
    adminId: currentUser(request).id,
    ip: request.ip,
  });

  serve(app, api.state, async (request) => securityState(db, request.ip));

  serve(app, api.lock, async (request) => lockAdminArea(db, request.body.ip, acting(request)));

  serve(app, api.unlock, async (request) => unlockAdminArea(db, acting(request)));
};
