import { describe, expect, it } from 'vitest';
import {
  afterLoginPath,
  inviteTokenIn,
  loginPathFor,
  registerPathFrom,
  safeNextPath,
  signInPathFrom,
} from './login-next.ts';

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

describe('the way back from sign-in to sign-up', () => {
  it('keeps an invitation as the sign-up form reads it, and any other next as next', () => {
    expect(inviteTokenIn('/invite/t0k')).toBe('t0k');
    expect(inviteTokenIn('/invite/t0k/more')).toBeNull();
    expect(inviteTokenIn('/client')).toBeNull();
    expect(inviteTokenIn(null)).toBeNull();
    expect(registerPathFrom('/invite/t0k')).toBe('/register?invite=t0k');
    expect(registerPathFrom('/billing')).toBe('/register?next=%2Fbilling');
    expect(registerPathFrom(null)).toBe('/register');
  });

  it('keeps an invitation or next from sign-up back to sign-in', () => {
    expect(signInPathFrom('?invite=t0k')).toBe('/login?next=%2Finvite%2Ft0k');
    expect(signInPathFrom('?next=%2Fbilling')).toBe('/login?next=%2Fbilling');
    expect(signInPathFrom('?next=https%3A%2F%2Fevil.example')).toBe('/login');
    expect(signInPathFrom('')).toBe('/login');
  });
});
