import { describe, expect, it } from 'vitest';
import { webhookTestFailure } from './webhook-test-words.ts';

describe('a failed webhook test in words', () => {
  it('says what a refusal means and keeps the status as the detail', () => {
    const missing = webhookTestFailure('The webhook answered 404.');
    expect(missing.words).toMatch(/^Nothing was found at your webhook address/);
    expect(missing.words).not.toMatch(/404|HTTP/);
    expect(missing.detail).toBe('The webhook answered 404.');
    expect(webhookTestFailure('The webhook answered 403.').words).toMatch(/not allowed/);
    expect(webhookTestFailure('The webhook answered 503.').words).toMatch(/Try again/);
    expect(webhookTestFailure('The webhook answered 301.').words).toMatch(/final address/);
    expect(webhookTestFailure('The webhook answered 422.').words).toMatch(/did not accept/);
  });

  it('says an address that did not answer could not be reached', () => {
    const failure = webhookTestFailure('The webhook could not be reached: getaddrinfo ENOTFOUND x');
    expect(failure.words).toMatch(/^We could not reach your webhook address/);
    expect(failure.detail).toBe('The webhook could not be reached: getaddrinfo ENOTFOUND x');
  });

  it('passes any other message on as it is', () => {
    expect(webhookTestFailure('Save a webhook URL first.')).toEqual({
      words: 'Save a webhook URL first.',
      detail: null,
    });
    expect(webhookTestFailure(null).words).toBe('The test notice could not be sent. Try again.');
  });
});
