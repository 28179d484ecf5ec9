import type { RunRefusal, RunRefusalCode } from '#shared/run-policy.ts';
import { HttpError } from './errors.ts';

// The status a refused run answers with (DESIGN §4): 402 while the subscription is not
// running, 403 for what the plan or the team role does not allow, 400 for a cron closer
// than the plan allows (shown on the cron field), 409 for a paused or unconnected process.
// The sentence is mayRun's own, to the letter.

const statusOf: Record<RunRefusalCode, number> = {
  plan: 403,
  'team-role': 403,
  subscription: 402,
  interval: 400,
  paused: 409,
  'not-connected': 409,
};

export function runRefused(refusal: RunRefusal): HttpError {
  const errors = refusal.code === 'interval' ? { cron: refusal.reason } : undefined;
  return new HttpError(statusOf[refusal.code], refusal.reason, errors);
}
