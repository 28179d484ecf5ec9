import { describe, expect, it } from 'vitest';
import { authKindOf, fieldsToClear } from './auth-kind.ts';

const none = {
  webhookAuthKey: '',
  webhookAuthBasicUser: '',
  webhookAuthBasicPass: '',
  webhookAuthJwtSecret: '',
};

describe('webhook auth kind', () => {
  it('is read from the fields a process has set', () => {
    expect(authKindOf(none)).toBe('none');
    expect(authKindOf({ ...none, webhookAuthKey: 'k' })).toBe('header');
    expect(authKindOf({ ...none, webhookAuthBasicUser: 'u' })).toBe('basic');
    expect(authKindOf({ ...none, webhookAuthJwtSecret: 's'.repeat(32) })).toBe('jwt');
  });

  it("switching clears every other kind's fields", () => {
    expect(fieldsToClear('basic')).toEqual(['webhookAuthKey', 'webhookAuthJwtSecret']);
    expect(fieldsToClear('none')).toEqual([
      'webhookAuthKey',
      'webhookAuthBasicUser',
      'webhookAuthBasicPass',
      'webhookAuthJwtSecret',
    ]);
  });
});
