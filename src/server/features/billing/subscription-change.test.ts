import { describe, expect, it } from 'vitest';
import { changeSummary } from './subscription-change.ts';

// The "plan changed" mail says the state in the words of every screen, and names a plan
// only where one runs: a new account's default plan is called Trial without being one.

describe('the summary a client is mailed when a provider changes the subscription', () => {
  it('names the plan that runs', () => {
    expect(changeSummary('active', 'Basic')).toBe(
      'Your subscription is now Active, on the Basic plan.',
    );
    expect(changeSummary('past_due', 'Pro')).toBe(
      'Your subscription is now Past due, on the Pro plan.',
    );
  });

  it('does not call a pending account a Trial plan', () => {
    const pending = changeSummary('incomplete', 'Trial');
    expect(pending).not.toContain('Trial');
    expect(pending).toBe(
      'Your subscription is now Pending. A plan is chosen and its invoice is waiting for payment; the plan starts once it is paid.',
    );
    expect(changeSummary('canceled', 'Trial')).toBe(
      'Your subscription is now Cancelled. The subscription has ended; choosing a plan starts a new one.',
    );
  });
});
