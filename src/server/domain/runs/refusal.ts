import { DomainError, type DomainErrorCode } from '#server/domain/errors.ts';
import type { RunRefusal, RunRefusalCode } from '#shared/run-policy.ts';

// A run mayRun refused, as a domain error: a subscription that is not running needs
// payment, what the plan or the team role does not allow is forbidden, a cron closer than
// the plan allows is bad input on the cron field, a paused or unconnected process is in
// the wrong state. The sentence is mayRun's own, to the letter.

const codeOf: Record<RunRefusalCode, DomainErrorCode> = {
  plan: 'forbidden',
  'team-role': 'forbidden',
  subscription: 'payment-required',
  interval: 'invalid',
  paused: 'conflict',
  'not-connected': 'conflict',
};

export function runRefused(refusal: RunRefusal): DomainError {
  const errors = refusal.code === 'interval' ? { cron: refusal.reason } : undefined;
  return new DomainError(codeOf[refusal.code], refusal.reason, errors);
}
