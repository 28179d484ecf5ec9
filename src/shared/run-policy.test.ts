import { describe, expect, it } from 'vitest';
import {
  manualRunGate,
  mayRun,
  type RunNow,
  type RunOwner,
  type RunProcess,
  type ScheduleChange,
} from './run-policy.ts';
import { type Entitlements, type Plan, plans, subscriptionStatuses } from './user.ts';

// Who may run a process, now: by hand, on a due schedule, when a schedule is made, and an
// admin's test. The reasons are the sentences the client reads, so they are written out.

const HOOK = 'https://n8n.example.com/webhook/intake';
const FALLBACK = 'https://n8n.example.com/webhook/paused';

const owner = (
  plan: Plan,
  subscriptionStatus: RunOwner['subscriptionStatus'] = 'active',
  entitlements: Entitlements = {},
): RunOwner => ({ subscriptionPlan: plan, subscriptionStatus, entitlements });

const active: RunProcess = {
  isActive: true,
  n8nWebhookUrl: HOOK,
  inactiveFallbackWebhookUrl: null,
};
const paused: RunProcess = { ...active, isActive: false };
const pausedWithFallback: RunProcess = { ...paused, inactiveFallbackWebhookUrl: FALLBACK };
const unconnected: RunProcess = { ...active, n8nWebhookUrl: null };
const pausedUnconnected: RunProcess = { ...pausedWithFallback, n8nWebhookUrl: null };

const manual: RunNow = { trigger: 'manual' };
const due = (gapMinutes: number): RunNow => ({ trigger: 'schedule', gapMinutes });
const test: RunNow = { trigger: 'test' };
const newSchedule = (gapMinutes: number | null, managesAccount = true): ScheduleChange => ({
  trigger: 'new-schedule',
  managesAccount,
  gapMinutes,
});

const runs = (url: string, fallback = false) => ({ allowed: true, target: { url, fallback } });
const refused = (code: string, reason: string) => ({ allowed: false, code, reason });

// The answers, with the sentences written out as the client reads them.
const inactive = refused(
  'subscription',
  'Your subscription is inactive. Update billing to run workflows.',
);
const byHand = {
  off: refused('plan', 'Running workflows by hand is not enabled for your plan.'),
  paused: refused('paused', 'This workflow is paused.'),
  unconnected: refused('not-connected', 'This workflow is not connected yet.'),
};
const skipped = {
  off: refused('plan', 'scheduling is not enabled for the plan'),
  inactive: refused('subscription', 'the subscription is inactive'),
  paused: refused('paused', 'the process is paused'),
  unconnected: refused('not-connected', 'the process has no webhook URL'),
  tooOften: (minutes: number) =>
    refused(
      'interval',
      `the plan now allows runs at most every ${minutes} minutes and this schedule runs more often`,
    ),
};
const made = {
  ok: { allowed: true },
  off: refused('plan', 'Scheduling is not enabled for your plan.'),
  notAdmin: refused('team-role', 'Only the account owner or a team admin can manage schedules.'),
  tooOften: (minutes: number) =>
    refused(
      'interval',
      `Your plan allows runs at most every ${minutes} minutes; this cron runs more often.`,
    ),
};
const testUnconnected = refused('not-connected', 'This process has no webhook URL yet.');

const manualOn = { manualTrigger: true };
const schedulerOn = { scheduler: true };
/** An owner whose plan lets them run by hand. */
const granted = owner('Pro', 'active', manualOn);
const grantedTrial = owner('Trial', 'active', schedulerOn);

describe('mayRun: a run by hand (403 plan, 402 subscription, 409 process)', () => {
  it.each([
    ['Trial', owner('Trial'), active, byHand.off],
    ['Basic', owner('Basic'), active, byHand.off],
    ['Pro', owner('Pro'), active, byHand.off],
    ['Pro, taken away', owner('Pro', 'active', { manualTrigger: false }), active, byHand.off],
    ['scheduler does not grant it', owner('Pro', 'active', schedulerOn), active, byHand.off],
    ['Trial, granted', owner('Trial', 'active', manualOn), active, runs(HOOK)],
    ['Basic, trialing, granted', owner('Basic', 'trialing', manualOn), active, runs(HOOK)],
    ['Pro, granted', granted, active, runs(HOOK)],
    ['plan before subscription', owner('Trial', 'canceled'), active, byHand.off],
    ['past due', owner('Pro', 'past_due', manualOn), active, inactive],
    ['incomplete', owner('Basic', 'incomplete', manualOn), active, inactive],
    ['canceled', owner('Pro', 'canceled', manualOn), active, inactive],
    ['no subscription', owner('Trial', 'no_subscription', manualOn), active, inactive],
    ['subscription before pause', owner('Pro', 'canceled', manualOn), paused, inactive],
    ['paused', granted, paused, byHand.paused],
    ['paused, fallback', granted, pausedWithFallback, runs(FALLBACK, true)],
    ['not connected', granted, unconnected, byHand.unconnected],
    ['paused and not connected', granted, { ...paused, n8nWebhookUrl: null }, byHand.paused],
    ['paused, fallback, not connected', granted, pausedUnconnected, runs(FALLBACK, true)],
    ['no owner', null, active, byHand.off],
  ] as const)('%s', (_, who, process, answer) => {
    expect(mayRun(who, process, manual)).toEqual(answer);
  });
});

describe('mayRun: a due schedule (skipped with the reason the schedule list shows)', () => {
  it.each([
    ['Trial', owner('Trial'), active, 60, skipped.off],
    ['Pro, taken away', owner('Pro', 'active', { scheduler: false }), active, 60, skipped.off],
    [
      'manual trigger does not grant it',
      owner('Trial', 'active', manualOn),
      active,
      60,
      skipped.off,
    ],
    ['Trial, granted, 60 min', grantedTrial, active, 60, runs(HOOK)],
    ['Trial, granted, 59 min', grantedTrial, active, 59, skipped.tooOften(60)],
    ['Basic, 15 min', owner('Basic'), active, 15, runs(HOOK)],
    ['Basic, 14 min', owner('Basic'), active, 14, skipped.tooOften(15)],
    ['Pro, 5 min', owner('Pro'), active, 5, runs(HOOK)],
    ['Pro, 4 min', owner('Pro'), active, 4, skipped.tooOften(5)],
    ['Basic, trialing', owner('Basic', 'trialing'), active, 60, runs(HOOK)],
    ['Basic, past due', owner('Basic', 'past_due'), active, 15, skipped.inactive],
    ['Pro, canceled', owner('Pro', 'canceled'), active, 60, skipped.inactive],
    ['Pro, incomplete', owner('Pro', 'incomplete'), active, 60, skipped.inactive],
    ['Pro, no subscription', owner('Pro', 'no_subscription'), active, 60, skipped.inactive],
    ['plan before interval', owner('Trial'), active, 1, skipped.off],
    ['interval before subscription', owner('Basic', 'past_due'), active, 5, skipped.tooOften(15)],
    ['subscription before pause', owner('Pro', 'canceled'), paused, 60, skipped.inactive],
    ['paused', owner('Pro'), paused, 60, skipped.paused],
    ['paused, fallback', owner('Pro'), pausedWithFallback, 60, runs(FALLBACK, true)],
    ['not connected', owner('Basic'), unconnected, 60, skipped.unconnected],
  ] as const)('%s', (_, who, process, gap, answer) => {
    expect(mayRun(who, process, due(gap))).toEqual(answer);
  });
});

describe('mayRun: a schedule made, edited or resumed (403, 402, 400 interval)', () => {
  it.each([
    ['Trial', owner('Trial'), 60, true, made.off],
    ['Pro, taken away', owner('Pro', 'active', { scheduler: false }), 60, true, made.off],
    ['Trial, granted, 60 min', grantedTrial, 60, true, made.ok],
    ['Trial, granted, 30 min', grantedTrial, 30, true, made.tooOften(60)],
    ['Basic, 15 min', owner('Basic'), 15, true, made.ok],
    ['Basic, 14.5 min', owner('Basic'), 14.5, true, made.tooOften(15)],
    ['Pro, 5 min', owner('Pro'), 5, true, made.ok],
    ['Pro, 4 min', owner('Pro'), 4, true, made.tooOften(5)],
    ['Basic, trialing', owner('Basic', 'trialing'), 60, true, made.ok],
    ['a team member', owner('Pro'), 60, false, made.notAdmin],
    ['plan before role', owner('Trial'), 60, false, made.off],
    ['role before subscription', owner('Pro', 'canceled'), 60, false, made.notAdmin],
    ['past due', owner('Basic', 'past_due'), 60, true, inactive],
    ['no subscription', owner('Pro', 'no_subscription'), 60, true, inactive],
    ['subscription before interval', owner('Pro', 'canceled'), 1, true, inactive],
    ['interval not known yet', owner('Basic'), null, true, made.ok],
  ] as const)('%s', (_, who, gap, managesAccount, answer) => {
    expect(mayRun(who, active, newSchedule(gap, managesAccount))).toEqual(answer);
  });

  it('does not look at whether the process is paused or connected', () => {
    for (const process of [paused, pausedWithFallback, unconnected, null]) {
      expect(mayRun(owner('Pro'), process, newSchedule(60))).toEqual(made.ok);
    }
  });
});

describe("mayRun: an admin's test calls the process's own webhook, whatever the plan", () => {
  it.each([
    ['active', active, runs(HOOK)],
    ['paused', paused, runs(HOOK)],
    ['paused, fallback', pausedWithFallback, runs(HOOK)],
    ['not connected', unconnected, testUnconnected],
    ['paused, fallback, not connected', pausedUnconnected, testUnconnected],
  ] as const)('%s', (_, process, answer) => {
    expect(mayRun(null, process, test)).toEqual(answer);
    expect(mayRun(owner('Trial', 'canceled'), process, test)).toEqual(answer);
  });
});

// Every plan × status × entitlement, read from SPEC §4 and §6 as a client would: a run by
// hand needs the manual trigger entitlement, scheduling needs Basic or Pro or the scheduler
// entitlement (an entitlement set to false takes it away), and both need an active or
// trialing subscription, which is checked after the plan.
describe('mayRun: every plan, status and entitlement', () => {
  const running = (status: string) => status === 'active' || status === 'trialing';
  const cases = plans.flatMap((plan) =>
    subscriptionStatuses.flatMap((status) =>
      [undefined, true, false].map((grant) => ({ plan, status, grant })),
    ),
  );

  it.each(cases)('by hand: $plan, $status, manualTrigger $grant', ({ plan, status, grant }) => {
    const who = owner(plan, status, grant === undefined ? {} : { manualTrigger: grant });
    const expected = grant !== true ? byHand.off : running(status) ? runs(HOOK) : inactive;
    expect(mayRun(who, active, manual)).toEqual(expected);
  });

  it.each(cases)('on schedule: $plan, $status, scheduler $grant', ({ plan, status, grant }) => {
    const who = owner(plan, status, grant === undefined ? {} : { scheduler: grant });
    const schedules = grant ?? plan !== 'Trial';
    const on = running(status);
    expect(mayRun(who, active, newSchedule(60))).toEqual(
      !schedules ? made.off : on ? made.ok : inactive,
    );
    expect(mayRun(who, active, due(60))).toEqual(
      !schedules ? skipped.off : on ? runs(HOOK) : skipped.inactive,
    );
  });
});

// What My Processes shows where Run would be, before any click: the same answer mayRun
// gives a run by hand, with a trial told apart from a subscription that lapsed.
describe('manualRunGate: Run before the click', () => {
  it.each([
    ['Pro, granted', granted, 'allowed'],
    ['Pro, not switched on', owner('Pro'), 'not-enabled'],
    ['Basic, trialing, not switched on', owner('Basic', 'trialing'), 'not-enabled'],
    ['Trial, never subscribed, granted', owner('Trial', 'no_subscription', manualOn), 'trial'],
    ['Trial, never subscribed', owner('Trial', 'no_subscription'), 'trial'],
    ['no owner', null, 'trial'],
    ['past due, granted', owner('Pro', 'past_due', manualOn), 'inactive'],
    ['waiting for its first payment', owner('Basic', 'incomplete'), 'inactive'],
    ['canceled', owner('Pro', 'canceled', manualOn), 'inactive'],
  ] as const)('%s', (_, who, gate) => {
    expect(manualRunGate(who)).toBe(gate);
  });

  it('allows exactly when mayRun lets a run by hand through', () => {
    for (const plan of plans) {
      for (const status of subscriptionStatuses) {
        for (const manualTrigger of [undefined, true, false]) {
          const who = owner(plan, status, manualTrigger === undefined ? {} : { manualTrigger });
          expect(manualRunGate(who) === 'allowed').toBe(mayRun(who, active, manual).allowed);
        }
      }
    }
  });
});
