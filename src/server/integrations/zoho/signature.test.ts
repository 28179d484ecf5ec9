import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedString, verifyZohoSignature, zohoSignature } from './signature.ts';

describe('Zoho webhook signature', () => {
  it('builds the string as Zoho documents: sorted query pairs, then the raw JSON', () => {
    const body = '{"created_date":"2019-03-06","event_id":"5675"}';
    expect(signedString(body, { subscription_id: '90343', name: 'basic' })).toBe(
      'namebasicsubscription_id90343{"created_date":"2019-03-06","event_id":"5675"}',
    );
  });

  it('is hex HMAC-SHA256 with the secret token, checked in constant time', () => {
    const body = '{"event_id":"1"}';
    const expected = createHmac('sha256', 'secret0123456').update(body).digest('hex');
    expect(zohoSignature('secret0123456', body)).toBe(expected);
    expect(verifyZohoSignature('secret0123456', body, {}, expected)).toBe(true);
    expect(verifyZohoSignature('secret0123456', body, {}, expected.toUpperCase())).toBe(true);
    expect(verifyZohoSignature('secret0123456', `${body}\n`, {}, expected)).toBe(false);
    expect(verifyZohoSignature('another-secret', body, {}, expected)).toBe(false);
    expect(verifyZohoSignature('secret0123456', body, {}, undefined)).toBe(false);
    expect(verifyZohoSignature('secret0123456', body, {}, 'abc')).toBe(false);
  });
});
