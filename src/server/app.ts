import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from '#server/deps.ts';
import { authRoutes } from '#server/features/auth/routes.ts';
import { adminClientRoutes } from '#server/features/clients/routes.ts';
import { healthRoutes } from '#server/features/health/routes.ts';
import { impersonationRoutes } from '#server/features/impersonation/routes.ts';
import { adminProcessRoutes } from '#server/features/processes/routes.ts';
import { registerErrorHandling } from '#server/http/errors.ts';
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
  app.decorateRequest('user', null);
  app.decorateRequest('claims', null);

  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please wait ${context.after} and try again.`,
    }),
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
  await app.register(impersonationRoutes, { prefix: '/api' });
  await app.register(adminClientRoutes, { prefix: '/api/admin' });
  await app.register(adminProcessRoutes, { prefix: '/api/admin/processes' });

  const web = options.serveWeb ? await registerWeb(app, deps.config.webRoot) : null;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' && !path.startsWith('/api/');
    if (web && isPage) return web.sendFallback(request, reply);
    return reply.code(404).send({ message: `No such endpoint: ${request.method} ${path}` });
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
