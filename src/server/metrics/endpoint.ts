import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ReadCache } from '#server/cache/read-cache.ts';
import type { Db } from '#server/db/client.ts';
import { countOutboxByStatus } from '#server/domain/mail/outbox.ts';
import {
  COUNTED_OUTBOX_STATUSES,
  createMetrics,
  type Metrics,
  UNMATCHED_ROUTE,
} from './metrics.ts';

// GET /metrics for Prometheus (DESIGN §2), behind METRICS_TOKEN as a bearer token. Without
// the token it answers 404 like any unknown path (and records no requests); it is kept
// out of the OpenAPI document, which describes the API for its clients.

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics; the background jobs and the runs they start record into it. */
    metrics: Metrics;
  }
}

export interface MetricsOptions {
  /** METRICS_TOKEN; unset turns /metrics off. */
  token: string | undefined;
  db: Db;
  readCache: ReadCache;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * True when `header` is "Bearer <token>" for the expected token's digest. Both sides are
 * hashed first, so the comparison takes the same time whatever was sent, length included.
 */
export function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const sent = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), expected);
}

/**
 * Creates the app's metrics (app.metrics), times every request when the token is set, and
 * registers GET /metrics. Call before the routes are registered, so the timing covers them.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): Metrics {
  const { token, db, readCache } = options;
  const metrics = createMetrics({
    processMetrics: token !== undefined,
    outboxCounts: () => countOutboxByStatus(db, COUNTED_OUTBOX_STATUSES),
    cacheCounts: readCache.counts,
    onCollectError: (error, source) =>
      app.log.warn({ err: error, source }, 'a metric could not be collected'),
  });
  app.decorate('metrics', metrics);
  app.addHook('onClose', async () => metrics.close());

  if (token !== undefined) {
    // The route pattern (/api/n8n/trigger/:processId), never the URL: ids and tokens in
    // paths must not become labels.
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }

  const expected = token === undefined ? null : digest(token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!expected) {
      return reply.code(404).send({ message: `No such endpoint: ${request.method} /metrics` });
    }
    if (!bearerMatches(request.headers.authorization, expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'Send the metrics token as a bearer token (METRICS_TOKEN).' });
    }
    const text = await metrics.render();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
  return metrics;
}
