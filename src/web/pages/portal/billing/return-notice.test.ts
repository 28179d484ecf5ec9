import { describe, expect, it } from 'vitest';
import { payRedirects } from '#shared/billing-api.ts';
import { returnNoticeFor } from './return-notice.ts';

const searchOf = (url: string) => new URL(url, 'http://localhost').searchParams;

describe('returnNoticeFor: the notice after coming back from a billing page', () => {
  it('has a notice for every redirect of the billing pages', () => {
    for (const redirect of Object.values(payRedirects)) {
      const notice = returnNoticeFor(searchOf(redirect));
      expect(notice, redirect).not.toBeNull();
      expect(redirect).toContain(`?${notice?.param}=`);
    }
  });

  it('tells a checkout from a cancellation', () => {
    expect(returnNoticeFor(searchOf('/billing?checkout=success'))?.title).toBe(
      'Subscription active',
    );
    expect(returnNoticeFor(searchOf('/billing?portal=cancelled'))?.title).toBe(
      'Subscription cancelled',
    );
  });

  it('shows nothing on an ordinary visit or an unknown value', () => {
    expect(returnNoticeFor(searchOf('/billing'))).toBeNull();
    expect(returnNoticeFor(searchOf('/billing?checkout=nope'))).toBeNull();
  });
});
