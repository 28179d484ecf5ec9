import type { FastifyInstance } from 'fastify';
import type { RunContext } from '#server/domain/runs/service.ts';

/** What a run needs from the app: database, webhook caller, metrics, n8n follow-up. */
export function runContextOf(app: FastifyInstance): RunContext {
  const { database, integrations, config } = app.deps;
  return {
    db: database.db,
    n8n: integrations.n8n,
    observer: app.metrics,
    followUp: !!(config.n8n.apiUrl && config.n8n.apiKey),
    notifier: app.notifier,
  };
}
