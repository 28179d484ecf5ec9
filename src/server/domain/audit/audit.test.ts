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

  it('removes webhook addresses and secrets under any key a call site may use', () => {
    expect(
      redactSecrets({
        changed: ['n8nWebhookUrl', 'webhookAuthJwtSecret'],
        n8nWebhookUrl: 'https://n8n.example.com/webhook/abc',
        inactiveFallbackWebhookUrl: 'https://n8n.example.com/webhook/old',
        before: { settings: { webhookUrl: 'https://hooks.example.com/x', webhookSecret: 's' } },
        webhookAuthBasicPass: 'p',
        webhookAuthJwtSecret: 'j',
        approval: [{ callbackURL: 'https://example.com/cb' }],
      }),
    ).toEqual({
      changed: ['n8nWebhookUrl', 'webhookAuthJwtSecret'],
      n8nWebhookUrl: '[redacted]',
      inactiveFallbackWebhookUrl: '[redacted]',
      before: { settings: { webhookUrl: '[redacted]', webhookSecret: '[redacted]' } },
      webhookAuthBasicPass: '[redacted]',
      webhookAuthJwtSecret: '[redacted]',
      approval: [{ callbackURL: '[redacted]' }],
    });
  });

  it('cuts an address out of any text, and whatever lies deeper than details go', () => {
    expect(
      redactSecrets({
        lastError: 'POST https://n8n.example.com/webhook/abc?x=1 answered 404',
        snippet: '{"see":"http://10.0.0.5/webhook/abc"}',
        deep: { a: { b: { c: { d: { e: { f: { g: 'https://x.example/secret' } } } } } } },
      }),
    ).toEqual({
      lastError: 'POST [redacted] answered 404',
      snippet: '{"see":"[redacted]"}',
      deep: { a: { b: { c: { d: { e: { f: '[redacted]' } } } } } },
    });
  });

  it('keeps what names no secret: a cleared field, a passkey, plain values', () => {
    expect(
      redactSecrets({
        webhookAuthKey: null,
        inactiveFallbackWebhookUrl: null,
        passkeyId: 'pk_1',
        passkeyName: 'Laptop',
        webhookConfigured: true,
        status: 500,
      }),
    ).toEqual({
      webhookAuthKey: null,
      inactiveFallbackWebhookUrl: null,
      passkeyId: 'pk_1',
      passkeyName: 'Laptop',
      webhookConfigured: true,
      status: 500,
    });
  });
});
