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
import { createNotifier } from '#server/domain/notifications/notifier.ts';
import { registerErrorHandling } from '#server/http/errors.ts';
import { registerInputGuard } from '#server/http/input-guard.ts';
import { requestLoggerFactory } from '#server/http/logging.ts';
import { documentAnswers, registerRateLimits } from '#server/http/rate-limit.ts';
import { RequestLog } from '#server/http/request-log.ts';
import { registerSecurityHeaders } from '#server/http/security.ts';
import { registerWeb } from '#server/http/web.ts';
import { jobLocksFor } from '#server/jobs/job-locks.ts';
import { createJobRunner } from '#server/jobs/runner.ts';
import { registerMetrics } from '#server/metrics/endpoint.ts';
import { registerRoutes } from '#server/routes.ts';
import { ErrorSchema } from '#shared/answers.ts';

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
    // Request loggers keep their request id aside until they write a line (http/logging.ts).
    childLoggerFactory: requestLoggerFactory(options.logger),
    // One line per request: debug, or info when slow or a 5xx (http/request-log.ts).
    logController: new RequestLog(),
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
  app.decorate(
    'notifier',
    createNotifier({
      db: deps.database.db,
      publicUrl: deps.config.publicUrl,
      allowPrivate: deps.config.allowPrivateWebhooks,
      log: app.log,
      firstRetryMs: deps.config.firstRetryMs,
    }),
  );
  const metrics = registerMetrics(app, {
    token: deps.config.metricsToken,
    db: deps.database.db,
    readCache,
  });
  const jobs = createJobRunner({
    locks: jobLocksFor(deps.database, app.log),
    log: app.log,
    observer: metrics,
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  app.addHook('onClose', async () => stopListening());
  app.decorateRequest('user', null);
  app.decorateRequest('claims', null);
  app.decorateRequest('apiToken', null);

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
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A session token from sign-in.' },
          // docs/decisions/025-personal-api-tokens.md
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal API token (`pat_…`), made on Profile. Only the routes that list it accept one; it acts as the person who made it.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await registerRoutes(app);

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
