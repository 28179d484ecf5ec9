import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import ipaddr from 'ipaddr.js';
import type pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { ZodType } from 'zod';
import { HttpError } from '#server/http/errors.ts';
import { ErrorSchema } from '#shared/answers.ts';

// Per-client rate limits that hold across instances (DESIGN §2): on PostgreSQL the counters
// live in the rate_limits table (migration 0005) that every instance shares; on PGlite there
// is one instance, so they live in memory. A route names its limit in one line,
// `config: { rateLimit: 'auth' }`, and keeps a budget of its own per client address.

/** A budget: this many requests per client address in this window. */
export interface RateLimit {
  max: number;
  timeWindowMs: number;
}

export const DEFAULT_LIMITS = {
  /** Sign-up, sign-in, 2FA, password reset and change, invites: slows guessing. */
  auth: { max: 10, timeWindowMs: 60_000 },
  /** The contact form: a person sends one or two enquiries. */
  contact: { max: 5, timeWindowMs: 10 * 60_000 },
  /** Starting a checkout or a portal visit writes a row; a person needs a few a minute. */
  billing: { max: 30, timeWindowMs: 60_000 },
  /** Billing token pages and invoice PDFs: tokens are 256-bit random, so this is about load. */
  billingLink: { max: 60, timeWindowMs: 60_000 },
  /** Rendering documents costs CPU; a generous ceiling keeps a loop from hogging it. */
  render: { max: 60, timeWindowMs: 60_000 },
  /**
   * Calls made with a personal API token, all routes together, per person: a script's
   * loop cannot hammer n8n or the database (docs/decisions/025-personal-api-tokens.md).
   */
  apiToken: { max: 60, timeWindowMs: 60_000 },
} satisfies Record<string, RateLimit>;

export type LimitName = keyof typeof DEFAULT_LIMITS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The named per-client limit this route counts against (http/rate-limit.ts). */
    rateLimit?: LimitName;
    /**
     * Whose budget a call spends: its address (the default), or the signed-in account on
     * a route behind requireUser, where a session holder could guess from many addresses.
     */
    rateLimitPer?: 'address' | 'account';
    /**
     * The route whose budget this one spends ("POST /api/contact"): a page's form posted
     * without JavaScript counts against the API call it stands in for, not beside it.
     */
    rateLimitBudgetOf?: string;
    /**
     * The named limit that calls made with a personal API token count against, one budget
     * per person shared by every such route; calls with a session do not spend it.
     */
    apiTokenRateLimit?: LimitName;
  }
}

export interface RateLimitOptions {
  /** Overrides of DEFAULT_LIMITS (AUTH_RATE_LIMIT_PER_MINUTE, tests). */
  limits?: Partial<Record<LimitName, RateLimit>>;
  /** The PostgreSQL every instance shares; without it the counters stay in this process. */
  pool?: pg.Pool;
  trustProxy: boolean;
}

export interface LimitedRoute {
  method: string;
  url: string;
  limit: LimitName;
}

const TABLE = 'rate_limits';
const HOUR_MS = 3_600_000;
const limitedRoutesOf = new WeakMap<FastifyInstance, LimitedRoute[]>();

/** The routes that count against a limit, in registration order (for the OpenAPI check). */
export const limitedRoutes = (app: FastifyInstance): readonly LimitedRoute[] =>
  limitedRoutesOf.get(app) ?? [];

const TooManyRequestsSchema = ErrorSchema.describe(
  'Too many requests from this address: wait the seconds in Retry-After, then try again.',
);

/**
 * Creates one limiter per name and, for every route registered afterwards that names one,
 * an onRequest guard answering 429 with Retry-After once the client's budget is spent (and
 * documents that 429). Also warns once when proxied requests arrive without TRUST_PROXY.
 */
export function registerRateLimits(app: FastifyInstance, options: RateLimitOptions) {
  const limiters = createLimiters(options, app.log);
  const routes: LimitedRoute[] = [];
  limitedRoutesOf.set(app, routes);

  app.addHook('onRoute', (route) => {
    const tokenLimit = route.config?.apiTokenRateLimit;
    if (tokenLimit !== undefined) {
      const limiter = limiters.get(tokenLimit);
      if (!limiter) throw new Error(`Unknown rate limit "${tokenLimit}" on ${route.url}`);
      route.onRequest = [route.onRequest ?? []].flat().concat(tokenGuard(limiter, tokenLimit));
      documentAnswers(route, { 429: TooManyRequestsSchema });
    }
    const name = route.config?.rateLimit;
    if (name === undefined) return;
    const limiter = limiters.get(name);
    if (!limiter) throw new Error(`Unknown rate limit "${name}" on ${route.url}`);
    const methods = [route.method].flat();
    // A GET's automatic HEAD twin reads the same thing: one budget for both.
    const id =
      route.config?.rateLimitBudgetOf ??
      `${methods.map((m) => (m === 'HEAD' ? 'GET' : m)).join(',')} ${route.url}`;
    const per = route.config?.rateLimitPer ?? 'address';
    route.onRequest = [route.onRequest ?? []].flat().concat(guard(limiter, id, per));
    documentAnswers(route, { 429: TooManyRequestsSchema });
    for (const method of methods)
      if (method !== 'HEAD') routes.push({ method, url: route.url, limit: name });
  });

  if (options.pool) sweepExpired(app, options.pool);
  if (!options.trustProxy) warnOnForwardedFor(app);
}

/**
 * Adds error answers to a route's OpenAPI responses, where the route declares none of its
 * own for that status or declares the plain ErrorSchema (which these describe).
 */
export function documentAnswers(route: RouteOptions, answers: Record<number, ZodType>) {
  const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
  const response = { ...declared };
  for (const [status, schema] of Object.entries(answers)) {
    if (declared[status] === undefined || declared[status] === ErrorSchema)
      response[status] = schema;
  }
  route.schema = { ...route.schema, response };
}

function createLimiters(options: RateLimitOptions, log: FastifyBaseLogger) {
  const onInsurance = throttled(60_000, () =>
    log.warn(
      'Rate-limit counters could not be read from PostgreSQL: counting in this instance only until it answers again',
    ),
  );
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  for (const name of Object.keys(DEFAULT_LIMITS) as LimitName[]) {
    const { max, timeWindowMs } = options.limits?.[name] ?? DEFAULT_LIMITS[name];
    const base = { keyPrefix: name, points: max, duration: Math.max(1, timeWindowMs / 1000) };
    if (!options.pool) {
      limiters.set(name, new RateLimiterMemory(base));
      continue;
    }
    const limiter = new RateLimiterPostgres({
      ...base,
      storeClient: options.pool,
      storeType: 'pool',
      tableName: TABLE,
      tableCreated: true,
      // Its timer cannot be stopped when the app closes: sweepExpired does the same job.
      clearExpiredByTimeout: false,
      // A client over its budget is refused from memory until the window ends, so a flood
      // of requests does not become a flood of writes.
      inMemoryBlockOnConsumed: max + 1,
      // The library's insurance strategy: when PostgreSQL fails, count in this process's
      // memory. Limits then hold per instance instead of failing either way: no request is
      // refused for a database error, and no client goes unlimited.
      insuranceLimiter: new InsuranceLimiter(base, onInsurance),
    });
    limiters.set(name, limiter);
  }
  return limiters;
}

/** A memory limiter that reports each time it stands in for PostgreSQL. */
class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onUse: () => void,
  ) {
    super(options);
  }

  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.onUse();
    return super.consume(...args);
  }
}

/**
 * Spends the token owner's budget on calls made with an API token. Every signed-in list
 * call runs this, and a call with a session spends nothing: it passes on without a
 * promise (a callback hook), which keeps the hot path's cost down (DESIGN §6 API budget).
 */
function tokenGuard(limiter: RateLimiterAbstract, name: LimitName): onRequestHookHandler {
  return function apiTokenRateLimit(request, reply, done) {
    if (!request.apiToken) return done();
    spend(limiter, `${name}|account:${request.apiToken.userId}`, reply).then(() => done(), done);
  };
}

function guard(
  limiter: RateLimiterAbstract,
  routeId: string,
  per: 'address' | 'account',
): onRequestHookHandler {
  return async function rateLimit(request, reply) {
    // The route's own guards ran first, so a signed-in account is known here.
    const account = per === 'account' ? request.user?.id : undefined;
    const who = account ? `account:${account}` : clientKey(request.ip);
    await spend(limiter, `${routeId}|${who}`, reply);
  };
}

/** Takes one point of `key`'s budget, or answers 429 with Retry-After once it is spent. */
async function spend(limiter: RateLimiterAbstract, key: string, reply: FastifyReply) {
  let result: RateLimiterRes;
  try {
    result = await limiter.consume(key);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    reply.headers({
      'x-ratelimit-limit': limiter.points,
      'x-ratelimit-remaining': 0,
      'x-ratelimit-reset': seconds,
      'retry-after': seconds,
    });
    throw new HttpError(
      429,
      `Too many attempts. Please wait ${describeWait(seconds)} and try again.`,
    );
  }
  reply.headers({
    'x-ratelimit-limit': limiter.points,
    'x-ratelimit-remaining': result.remainingPoints,
    'x-ratelimit-reset': Math.ceil(result.msBeforeNext / 1000),
  });
}

/**
 * The address a budget belongs to. An IPv6 subscriber usually holds a whole /64, so its
 * addresses share one budget; an IPv4-mapped IPv6 address is the IPv4 address inside.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip.toLowerCase();
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

/** "45 seconds", "1 minute", "10 minutes": the wait in the 429 message. */
export function describeWait(seconds: number): string {
  const [value, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3_600
        ? [Math.round(seconds / 60), 'minute']
        : [Math.round(seconds / 3_600), 'hour'];
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

/** Deletes counters that expired an hour ago, every five minutes, until the app closes. */
function sweepExpired(app: FastifyInstance, pool: pg.Pool) {
  const timer = setInterval(() => {
    pool.query(`delete from ${TABLE} where expire < $1`, [Date.now() - HOUR_MS]).catch(() => {}); // not critical: the next sweep tries again
  }, 5 * 60_000);
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}

/**
 * Without TRUST_PROXY, request.ip is the proxy's address, so every visitor behind it shares
 * one budget: say so once, the first time a request shows it came through a proxy.
 */
function warnOnForwardedFor(app: FastifyInstance) {
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      app.log.warn(
        'Requests carry X-Forwarded-For but TRUST_PROXY is off: client addresses are the proxy’s, so every visitor shares one rate-limit budget. Set TRUST_PROXY=true behind a load balancer or reverse proxy.',
      );
    }
    done();
  });
}

function throttled(intervalMs: number, action: () => void) {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const now = Date.now();
    if (now - last < intervalMs) return;
    last = now;
    action();
  };
}
