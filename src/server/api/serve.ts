import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUserOrApiToken } from '#server/auth/api-tokens.ts';
import { requireAdmin, requireUser } from '#server/auth/guards.ts';
import { forbidden } from '#server/http/errors.ts';
import type { ApiRoute, CheckedInput, RouteAnswer, RouteSpec } from '#shared/api/route.ts';
import { impersonationMessages } from '#shared/impersonation.ts';

// Registers a route of the shared table (src/shared/api) with everything it declares:
// its schemas for validation, answers and the OpenAPI document, and the guard its
// audience implies, so no route can forget its guard (docs/decisions/
// 022-one-route-table.md). The handler is typed from the route's schemas.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table's route this one serves (set by serve; the authorization matrix reads it). */
    apiRoute?: ApiRoute;
  }
}

/** The Fastify instance a feature's plugin receives. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The request a handler reads: params, query and body as the route's schemas gave them. */
export type ServedRequest<Route extends RouteSpec> = FastifyRequest<{
  Params: CheckedInput<Route>['params'];
  Querystring: CheckedInput<Route>['query'];
  Body: CheckedInput<Route>['body'];
}>;

/** A handler returns the 2xx answer, or the reply it sent itself (a file, a stream). */
export type RouteHandler<Route extends RouteSpec> = (
  request: ServedRequest<Route>,
  reply: FastifyReply,
) => Promise<RouteAnswer<Route> | FastifyReply>;

/** What a route adds on the server only: its rate limit, logging, extra hooks. */
export interface ServeOptions {
  config?: Omit<FastifyContextConfig, 'apiRoute'>;
  /** Hooks that run after the audience's guard (and before the rate limit). */
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  bodyLimit?: number;
}

/** Refuses an admin's test session (403), before the body is read. */
const refuseTestSession =
  (message: string): onRequestHookHandler =>
  async (request) => {
    if (request.claims?.imp) throw forbidden(message);
  };

function guardsOf(route: RouteSpec): onRequestHookHandler[] {
  switch (route.audience) {
    case 'public':
      return [];
    case 'signed-in':
      // A personal API token stands in for a session only where the route says so.
      return [route.apiToken ? requireUserOrApiToken : requireUser];
    case 'own-session':
      return [requireUser, refuseTestSession(route.refusal ?? impersonationMessages.notAvailable)];
    case 'admin':
      return [requireAdmin];
  }
}

/** How a call proves who it is: a session, or also a personal API token. */
type Security = { security?: Record<string, string[]>[]; description?: string };

function securityOf(route: RouteSpec): Security {
  if (route.audience === 'public') return {};
  if (!route.apiToken) return { security: [{ bearer: [] }] };
  return {
    security: [{ bearer: [] }, { apiToken: [] }],
    description: [route.description, API_TOKEN_NOTE].filter(Boolean).join('\n\n'),
  };
}

const API_TOKEN_NOTE =
  'Also accepts a personal API token (`Authorization: Bearer pat_…`, made on Profile), acting as the person who made it.';

/** The route's schema for Fastify, validation and the OpenAPI document alike. */
function schemaOf(route: RouteSpec) {
  return {
    tags: [...route.tags],
    ...(route.summary === undefined ? {} : { summary: route.summary }),
    ...(route.description === undefined ? {} : { description: route.description }),
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body ? { body: route.body } : {}),
    ...(route.produces ? { produces: [...route.produces] } : {}),
    ...securityOf(route),
    response: { ...route.responses },
  };
}

/** The one 2xx status a route answers with, when it declares exactly one. */
function successOf(route: RouteSpec): number | undefined {
  const statuses = Object.keys(route.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  return statuses.length === 1 ? statuses[0] : undefined;
}

/**
 * Serves `route` on `app`. A handler that returns its answer gets the route's one 2xx
 * status (201 for a route that declares only 201); one that sends the reply itself
 * (a file, a stream, a status it picks) returns the reply.
 */
export function serve<Route extends ApiRoute>(
  app: ZodApp,
  route: Route,
  handler: RouteHandler<Route>,
): void;
export function serve<Route extends ApiRoute>(
  app: ZodApp,
  route: Route,
  options: ServeOptions,
  handler: RouteHandler<Route>,
): void;
export function serve<Route extends ApiRoute>(
  app: ZodApp,
  route: Route,
  ...rest: [RouteHandler<Route>] | [ServeOptions, RouteHandler<Route>]
): void {
  const [options, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
  if (route.apiToken && route.audience !== 'signed-in')
    throw new Error(`${route.path}: only a signed-in route can take API tokens`);
  const success = successOf(route);
  app.route({
    method: route.method,
    url: route.path,
    schema: schemaOf(route),
    config: {
      ...options.config,
      apiRoute: route,
      // One budget per person for every call made with an API token (http/rate-limit.ts).
      ...(route.apiToken ? { apiTokenRateLimit: 'apiToken' as const } : {}),
    },
    onRequest: [...guardsOf(route), ...[options.onRequest ?? []].flat()],
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    handler: async (request, reply) => {
      // The route's schemas checked params, query and body before this runs.
      const answer = await handler(request as ServedRequest<Route>, reply);
      if (answer !== reply && success !== undefined && !reply.sent) reply.code(success);
      return answer;
    },
  });
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Left out of the OpenAPI document (pages, metrics). */
  hidden: boolean;
  /** The table's route it serves; undefined for a route registered the old way. */
  apiRoute: ApiRoute | undefined;
}

const registeredOf = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** From now on, notes every route registered on `app` (for registeredRoutes). */
export function noteRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registeredOf.set(app, routes);
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: options.url,
        hidden: (options.schema as { hide?: boolean } | undefined)?.hide === true,
        apiRoute: options.config?.apiRoute,
      });
    }
  });
}

/** Every route registered on `app` since noteRoutes, table or not (the matrix checks them). */
export const registeredRoutes = (app: FastifyInstance): readonly RegisteredRoute[] =>
  registeredOf.get(app) ?? [];
