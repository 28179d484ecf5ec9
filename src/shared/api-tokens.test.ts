import { describe, expect, it } from 'vitest';
import {
  apiTokenMessages,
  CreateApiTokenSchema,
  curlExample,
  isApiTokenSecret,
  shownPrefix,
} from './api-tokens.ts';

// The rules of a new API token, as Profile's form and the server both check them.

describe('CreateApiTokenSchema', () => {
  it('trims the name and takes the offered lifetimes', () => {
    expect(CreateApiTokenSchema.parse({ name: '  CRM button ', expiresInDays: 365 })).toEqual({
      name: 'CRM button',
      expiresInDays: 365,
    });
  });

  it.each([
    [{ name: '', expiresInDays: 30 }, apiTokenMessages.nameRequired],
    [{ name: 'x'.repeat(61), expiresInDays: 30 }, apiTokenMessages.nameTooLong],
    [
      { name: 'two\nlines', expiresInDays: 30 },
      'The name contains characters that are not allowed.',
    ],
    [{ name: 'Job', expiresInDays: 14 }, apiTokenMessages.lifetime],
    [{ name: 'Job', expiresInDays: '30' }, apiTokenMessages.lifetime],
  ])('refuses %j', (input, message) => {
    const result = CreateApiTokenSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe('helpers', () => {
  it('tells a token from a session token, and shows its prefix', () => {
    expect(isApiTokenSecret('pat_abc')).toBe(true);
    expect(isApiTokenSecret('eyJhbGciOi')).toBe(false);
    expect(shownPrefix('pat_abcd1234')).toBe('pat_abcd1234…');
  });

  it('writes the curl line Profile shows', () => {
    expect(curlExample('https://portal.example.test', 'p1')).toBe(
      `curl -X POST -H "Authorization: Bearer pat_…" -H "Content-Type: application/json" -d '{"inputs":{}}' https://portal.example.test/api/n8n/trigger/p1`,
    );
  });
});
