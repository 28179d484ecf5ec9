import { describe, expect, it } from 'vitest';
import { billingStatusLabel } from './billing-format.ts';
import {
  billingStateOf,
  billingStateOfStatus,
  billingStates,
  billingStateWords,
  invoiceStateOf,
  planShown,
  wordsOfStatus,
} from './billing-states.ts';
import { billingStatuses, subscriptionStatuses } from './user.ts';

describe('billing states', () => {
  it('give every state a label, one sentence and a tone', () => {
    for (const state of billingStates) {
      const words = billingStateWords[state];
      expect(words.label).toMatch(/^[A-Z]/);
      expect(words.explanation).toMatch(/^[A-Z].*\.$/);
      expect(words.explanation.split('. ')).toHaveLength(1);
      expect(words.tone).toBeTruthy();
    }
  });

  it("use the spec's words for the client's billing status (SPEC §4)", () => {
    const labels = billingStatuses.map(
      (status) => billingStateWords[billingStateOfStatus(status, false)].label,
    );
    expect(labels).toEqual(['Active', 'Pending', 'Past due', 'Cancelled', 'Trial']);
  });

  it('colour badges as the spec colours admin chips: active green, trial blue, others amber', () => {
    for (const status of subscriptionStatuses) {
      const tone = billingStateWords[billingStateOf({ subscriptionStatus: status })].tone;
      expect(tone).toBe(status === 'active' ? 'green' : status === 'trialing' ? 'blue' : 'amber');
    }
  });

  it('name a plan chosen and not yet paid one way, whichever field says it', () => {
    const waiting = [
      billingStateOf({ subscriptionStatus: 'incomplete' }),
      billingStateOf({ subscriptionStatus: 'no_subscription', hasOpenPlanInvoice: true }),
      billingStateOfStatus('pending', true),
    ];
    expect(new Set(waiting)).toEqual(new Set(['awaiting_payment']));
    expect(billingStatusLabel('incomplete')).toBe('Pending');
    expect(billingStatusLabel('pending')).toBe('Pending');
    expect(billingStatusLabel('no_subscription')).toBe('Pending');
    expect(billingStatusLabel('trialing')).toBe('Trial');
    expect(billingStatusLabel('canceled')).toBe('Cancelled');
  });

  it('tell a new account from one waiting for payment in the explanation', () => {
    expect(billingStateOfStatus('pending', false)).toBe('no_plan');
    expect(billingStateWords.no_plan.explanation).not.toBe(
      billingStateWords.awaiting_payment.explanation,
    );
  });

  it('say team members and admins are not billed on their own', () => {
    expect(billingStateOf({ subscriptionStatus: 'no_subscription', isTeamMember: true })).toBe(
      'team_member',
    );
    expect(billingStateOf({ subscriptionStatus: 'active', role: 'Admin' })).toBe('not_billed');
  });

  it('name the default Trial plan only during a trial', () => {
    expect(planShown('active', 'Pro')).toBe('Pro');
    expect(planShown('trial', 'Basic')).toBe('Basic');
    expect(planShown('no_plan', 'Trial')).toBeNull();
    expect(planShown('awaiting_payment', 'Trial')).toBeNull();
    // A plan an admin set by hand is named whatever the status.
    expect(planShown('no_plan', 'Pro')).toBe('Pro');
  });
});

describe('invoice states', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it('are paid, unpaid, overdue past the due date, or void', () => {
    expect(invoiceStateOf({ status: 'paid', dueDate: '2026-01-01' }, now)).toBe('paid');
    expect(invoiceStateOf({ status: 'unpaid', dueDate: '2026-12-01T00:00:00Z' }, now)).toBe(
      'unpaid',
    );
    expect(invoiceStateOf({ status: 'unpaid', dueDate: '2026-11-01T00:00:00Z' }, now)).toBe(
      'overdue',
    );
    expect(invoiceStateOf({ status: 'unpaid', dueDate: null }, now)).toBe('unpaid');
    expect(invoiceStateOf({ status: 'void' }, now)).toBe('void');
    expect(wordsOfStatus('unpaid')?.label).toBe('Unpaid');
    expect(wordsOfStatus('reversed')).toBeUndefined();
  });
});
