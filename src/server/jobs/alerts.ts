import { type AlertEvaluationDeps, evaluateAlerts } from '#server/features/alerts/evaluate.ts';
import type { Job } from './runner.ts';

// Every ALERTS_EVERY_SECONDS (a minute by default): the alert rules, checked on one
// instance at a time (a singleton job). An incident is still opened and told once if two
// passes meet: the open-incident index and the claims of alerted_at decide, row by row.

export function alertsJob(deps: AlertEvaluationDeps, everyMs: number): Job {
  return {
    name: 'alerts',
    title: 'Alerts to the consultancy',
    schedule: { everyMs, firstAfterMs: everyMs },
    singleton: true,
    async run() {
      const { opened, cleared } = await evaluateAlerts(deps);
      if (opened + cleared > 0) deps.log?.info({ opened, cleared }, 'alert incidents changed');
    },
  };
}
