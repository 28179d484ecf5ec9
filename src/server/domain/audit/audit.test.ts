import { describe, expect, it } from 'vitest';
import { redactSecrets } from './audit.ts';

describe('redactSecrets', () => {
  it('removes passwords, tokens and keys at any depth and keeps the rest', () => {
    expect(
      redactSecrets({
        email: 'a@b.co',
        newPassword: 'x',
        nested: { n8nWebhookKey: 'k', webhookAuthKey: 'k2', list: [{ token: 't', ok: 1 }] },
        headers: { Authorization: 'Bearer t' },
      }),
    ).toEqual({
      email: 'a@b.co',
      newPassword: '[redacted]',
      nested: {
        n8nWebhookKey: '[redacted]',
        webhookAuthKey: '[redacted]',
        list: [{ token: '[redacted]', ok: 1 }],
      },
      headers: { Authorization: '[redacted]' },
    });
  });
});
