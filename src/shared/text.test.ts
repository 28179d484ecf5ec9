import { describe, expect, it } from 'vitest';
import { possessive } from './text.ts';

describe('possessive', () => {
  it('adds ’s, or only ’ after a name ending in s', () => {
    expect(possessive('Dana Diaz')).toBe('Dana Diaz’s');
    expect(possessive('Northwind Lakes')).toBe('Northwind Lakes’');
  });
});
