import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createReadCache } from '#server/cache/read-cache.ts';
import type { AppDeps } from '#server/deps.ts';
import { accountRoutes } from '#server/features/account/routes.ts';
import { adminAnalyticsRoutes } from '#server/features/analytics/admin-routes.ts';
import { clientAnalyticsRoutes } from '#server/features/analytics/client-routes.ts';
import { auditRoutes } from '#server/features/audit/routes.ts';
import { authRoutes } from '#server/features/auth/routes.ts';
import { billingRoutes } from '#server/features/billing/routes.ts';
import { catalogRoutes } from '#server/features/catalog/routes.ts';
import { adminClientRoutes } from '#server/features/clients/routes.ts';
import { contactRoutes } from '#server/features/contact/routes.ts';
import { environmentRoutes } from '#server/features/environment/routes.ts';
import { healthRoutes } from '#server/features/health/routes.ts';
import { impersonationRoutes } from '#server/features/impersonation/routes.ts';
import { legalRoutes } from '#server/features/legal/routes.ts';
import { passwordResetRoutes } from '#server/features/password-reset/routes.ts';
import { clientProcessRoutes } from '#server/features/processes/client-routes.ts';
import { adminProcessRoutes } from '#server/features/processes/routes.ts';
import { schedulerRoutes } from '#server/features/scheduler/routes.ts';
import { securityRoutes } from '#server/features/security/routes.ts';
import { settingsRoutes } from '#server/features/settings/routes.ts';
import { teamRoutes } from '#server/features/team/routes.ts';
import { twoFactorRoutes } from '#server/features/two-factor/routes.ts';
import { registerErrorHandling } from '#server/http/errors.ts';
import { registerInputGuard } from '#server/http/input-guard.ts';
import { documentAnswers, registerRateLimits } from '#server/http/rate-limit.ts';
import { ErrorSchema } from '#server/http/schemas.ts';
import { registerSecurityHeaders } from '#server/http/security.ts';
import { registerWeb } from '#server/http/web.ts';

// buildApp wires plugins, routes and the web build into a Fastify instance without
// listening, so tests drive it with app.inject() and main.ts calls listen().

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app from config.webRoot (main.ts); API tests leave it off. */
  serveWeb?: boolean;
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  const readCache = createReadCache();
  const stopListening = await deps.database.onChange(readCache.invalidate);
  app.decorate('readCache', readCache);
  app.addHook('onClose', async () => stopListening());
  app.decorateRequest('user', null);
  app.decorateRequest('claims', null);

  // SPEC §7 sends some calls (trigger) as JSON with no body: an empty JSON body is "no
  // body", not an error. Non-empty bodies keep Fastify's prototype-poisoning-safe parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  registerErrorHandling(app);
  registerInputGuard(app);
  await registerSecurityHeaders(app);
  registerRateLimits(app, {
    limits: deps.limits,
    pool: deps.database.pool,
    trustProxy: deps.config.trustProxy,
  });
  // A secured route answers 401 without a valid session and 403 when role, plan, entitlement
  // or IP rules refuse: documented here once for all of them.
  app.addHook('onRoute', (route) => {
    if (route.schema?.security) documentAnswers(route, { 401: Unauthorised, 403: Forbidden });
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Client platform API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(twoFactorRoutes, { prefix: '/api/auth' });
  await app.register(impersonationRoutes, { prefix: '/api' });
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(adminClientRoutes, { prefix: '/api/admin' });
  await app.register(adminProcessRoutes, { prefix: '/api/admin/processes' });
  await app.register(clientProcessRoutes, { prefix: '/api/n8n' });
  await app.register(schedulerRoutes, { prefix: '/api/scheduler' });
  await app.register(clientAnalyticsRoutes, { prefix: '/api/client' });
  await app.register(adminAnalyticsRoutes, { prefix: '/api/analytics' });
  await app.register(environmentRoutes, { prefix: '/api/environment' });
  await app.register(securityRoutes, { prefix: '/api/admin/security' });
  await app.register(auditRoutes, { prefix: '/api/admin' });
  await app.register(billingRoutes);
  await app.register(passwordResetRoutes, { prefix: '/api/auth' });
  await app.register(settingsRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(teamRoutes, { prefix: '/api/team' });
  await app.register(catalogRoutes, { prefix: '/api' });
  await app.register(legalRoutes, { prefix: '/api/legal' });

  const web = options.serveWeb ? await registerWeb(app, deps.config.webRoot) : null;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/');
    if (web && isPage) return web.sendFallback(request, reply);
    return reply.code(404).send({ message: `No such endpoint: ${request.method} ${path}` });
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

const Unauthorised = ErrorSchema.describe('Not signed in, or the session has ended.');
const Forbidden = ErrorSchema.describe('Not allowed: role, plan, entitlement or IP rules.');
