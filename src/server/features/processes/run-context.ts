import type { FastifyInstance } from 'fastify';
import type { RunContext } from '#server/domain/runs/service.ts';
import { createN8nApi, type N8nApi } from '#server/integrations/n8n/api.ts';

const apis = new WeakMap<FastifyInstance, N8nApi | null>();

/** n8n's API client of this app, made once; null when N8N_API_URL or N8N_API_KEY is unset. */
function n8nApiOf(app: FastifyInstance): N8nApi | null {
  if (!apis.has(app)) {
    const { apiUrl, apiKey } = app.deps.config.n8n;
    apis.set(app, apiUrl && apiKey ? createN8nApi({ url: apiUrl, apiKey }) : null);
  }
  return apis.get(app) ?? null;
}

/** What a run needs from the app: database, webhook caller, metrics, n8n's API. */
export function runContextOf(app: FastifyInstance): RunContext {
  const { database, integrations } = app.deps;
  return {
    db: database.db,
    n8n: integrations.n8n,
    observer: app.metrics,
    n8nApi: n8nApiOf(app),
    log: app.log,
    notifier: app.notifier,
  };
}
