import { billingMessages, isSubscriptionRunning } from './billing.ts';
import { type CapabilityOwner, ownerCapabilities } from './plans.ts';
import { intervalMessage, planIntervalSkipReason, schedulerMessages } from './scheduler.ts';
import { teamMessages } from './team.ts';
import type { SubscriptionStatus } from './user.ts';

// Who may run a process, now (SPEC §4, §6, DESIGN §1): a run by hand, a due schedule, a
// schedule made, edited or resumed, and an admin's test all ask this one function, so a
// rule changes in one place. It answers the address to call or the first reason it may
// not, in the order each path has always checked, worded as the client reads it: the
// portal's sentences for an answer, the schedule list's lower-case ones for a skip. The
// server's edge turns the code into a status (402 subscription, 403 plan or role, 400
// interval, 409 paused or not connected).

/** The account owner's stored record: plan, entitlements and subscription status. */
export interface RunOwner extends CapabilityOwner {
  subscriptionStatus?: SubscriptionStatus | null;
}

/** What decides where a run goes: paused processes call their fallback, if any. */
export interface RunProcess {
  isActive: boolean;
  n8nWebhookUrl: string | null;
  inactiveFallbackWebhookUrl: string | null;
}

/** A run about to start: by hand, a due schedule (its cron's shortest gap), an admin's test. */
export type RunNow =
  | { trigger: 'manual' | 'api' }
  | { trigger: 'schedule'; gapMinutes: number }
  | { trigger: 'test' };

/**
 * A schedule made, edited or resumed by someone who does or does not manage the account.
 * The gap is null while the cron is not known to be valid: the interval then waits.
 */
export interface ScheduleChange {
  trigger: 'new-schedule';
  managesAccount: boolean;
  gapMinutes: number | null;
}

export type RunAttempt = RunNow | ScheduleChange;

export type RunRefusalCode =
  | 'plan'
  | 'team-role'
  | 'subscription'
  | 'interval'
  | 'paused'
  | 'not-connected';

export interface RunRefusal {
  allowed: false;
  code: RunRefusalCode;
  reason: string;
}

/** The address a run calls: the webhook, or the fallback of a paused process. */
export interface RunTarget {
  url: string;
  fallback: boolean;
}

export type RunDecision = { allowed: true; target: RunTarget } | RunRefusal;
export type ScheduleDecision = { allowed: true } | RunRefusal;

export const runRefusalMessages = {
  manualNotEnabled: 'Running workflows by hand is not enabled for your plan.',
  paused: 'This workflow is paused.',
  notConnected: 'This workflow is not connected yet.',
  testNotConnected: 'This process has no webhook URL yet.',
} as const;

/** Why a due run was skipped, as the schedule list, the audit log and notices say it. */
export const skipReasons = {
  notEnabled: 'scheduling is not enabled for the plan',
  inactive: 'the subscription is inactive',
  paused: 'the process is paused',
  notConnected: 'the process has no webhook URL',
} as const;

const refuse = (code: RunRefusalCode, reason: string): RunRefusal => ({
  allowed: false,
  code,
  reason,
});

/** Where a client's run goes: a paused process calls its fallback or does not run. */
function targetOf(process: RunProcess, say: { paused: string; notConnected: string }): RunDecision {
  if (!process.isActive) {
    return process.inactiveFallbackWebhookUrl
      ? { allowed: true, target: { url: process.inactiveFallbackWebhookUrl, fallback: true } }
      : refuse('paused', say.paused);
  }
  return process.n8nWebhookUrl
    ? { allowed: true, target: { url: process.n8nWebhookUrl, fallback: false } }
    : refuse('not-connected', say.notConnected);
}

/**
 * Why Run works or not for this account, before any process is looked at: the page shows
 * it before the click, and `mayRun` refuses a run by hand from the same answer.
 * - `trial`: no subscription yet (never had one); the page offers a plan.
 * - `inactive`: a subscription that lapsed or waits for its first payment.
 * - `not-enabled`: the subscription runs, manual runs are not switched on; the page
 *   offers to ask for them.
 */
export type ManualRunGate = 'allowed' | 'trial' | 'inactive' | 'not-enabled';

export function manualRunGate(owner: RunOwner | null): ManualRunGate {
  return manualRunGateOf(
    ownerCapabilities(owner).manualTriggerAllowed,
    owner?.subscriptionStatus ?? null,
  );
}

/** The same from what the page knows: the account's capability and subscription status. */
export function manualRunGateOf(
  enabled: boolean,
  status: SubscriptionStatus | null | undefined,
): ManualRunGate {
  if (isSubscriptionRunning(status)) return enabled ? 'allowed' : 'not-enabled';
  return !status || status === 'no_subscription' ? 'trial' : 'inactive';
}

/** What the page says where Run would be, for a trial and a lapsed subscription. */
export const manualRunGateTexts = {
  trial: 'You are on the free trial: running workflows by hand starts once you choose a plan.',
  trialMember: 'This account is on the free trial: the account owner chooses a plan on Billing.',
  trialAction: 'Choose a plan',
  inactive: billingMessages.inactiveServer,
  inactiveAction: 'Open Billing',
} as const;

/**
 * May this account's process run now, or be scheduled? `owner` is the account's owner
 * (null for an admin's test, which no plan limits); `process` may be null for a schedule
 * change, which does not depend on it.
 */
export function mayRun(owner: RunOwner | null, process: RunProcess, attempt: RunNow): RunDecision;
export function mayRun(
  owner: RunOwner | null,
  process: RunProcess | null,
  attempt: ScheduleChange,
): ScheduleDecision;
export function mayRun(
  owner: RunOwner | null,
  process: RunProcess | null,
  attempt: RunAttempt,
): RunDecision | ScheduleDecision {
  const caps = ownerCapabilities(owner);
  const running = isSubscriptionRunning(owner?.subscriptionStatus);
  const minutes = caps.scheduleMinIntervalMinutes;
  if (attempt.trigger === 'new-schedule') {
    if (!caps.canSchedule) return refuse('plan', schedulerMessages.notEnabled);
    if (!attempt.managesAccount) return refuse('team-role', teamMessages.schedulesNeedAdmin);
    if (!running) return refuse('subscription', billingMessages.inactiveServer);
    if (attempt.gapMinutes !== null && attempt.gapMinutes < minutes) {
      return refuse('interval', intervalMessage(minutes));
    }
    return { allowed: true };
  }
  // The overloads give every run that starts now its process.
  const runnable = process!;
  switch (attempt.trigger) {
    // A run started with a personal API token follows the rules of one started by hand.
    case 'manual':
    case 'api':
      if (manualRunGate(owner) === 'allowed') return targetOf(runnable, runRefusalMessages);
      // Not switched on is said first, then the subscription, as the page says them.
      return caps.manualTriggerAllowed
        ? refuse('subscription', billingMessages.inactiveServer)
        : refuse('plan', runRefusalMessages.manualNotEnabled);
    case 'schedule':
      if (!caps.canSchedule) return refuse('plan', skipReasons.notEnabled);
      // A plan changed since the schedule was made holds it to the new plan's interval.
      if (attempt.gapMinutes < minutes) return refuse('interval', planIntervalSkipReason(minutes));
      if (!running) return refuse('subscription', skipReasons.inactive);
      return targetOf(runnable, skipReasons);
    case 'test': {
      // The process's own webhook, paused or not.
      const say = runRefusalMessages.testNotConnected;
      return targetOf({ ...runnable, isActive: true }, { paused: say, notConnected: say });
    }
  }
}
