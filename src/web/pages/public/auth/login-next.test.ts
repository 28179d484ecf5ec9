import { describe, expect, it } from 'vitest';
import { afterLoginPath, loginPathFor, safeNextPath } from './login-next.ts';

describe('safeNextPath', () => {
  it('follows same-site relative paths', () => {
    expect(safeNextPath('/invite/abc123')).toBe('/invite/abc123');
    expect(safeNextPath('/client/processes?x=1#top')).toBe('/client/processes?x=1#top');
  });

  it.each([
    null,
    '',
    'client',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '/\tevil',
    'javascript:alert(1)',
    '/login',
    '/login?next=/client',
  ])('ignores %j', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });
});

describe('afterLoginPath', () => {
  it('goes to the portal unless next is safe', () => {
    expect(afterLoginPath('')).toBe('/client');
    expect(afterLoginPath('?next=https%3A%2F%2Fevil.example')).toBe('/client');
    expect(afterLoginPath('?next=%2Finvite%2Ft0k')).toBe('/invite/t0k');
  });

  it('round-trips with loginPathFor', () => {
    const login = loginPathFor('/invite/a b');
    expect(login).toBe('/login?next=%2Finvite%2Fa%20b');
    expect(afterLoginPath(login.slice(login.indexOf('?')))).toBe('/invite/a b');
  });
});
