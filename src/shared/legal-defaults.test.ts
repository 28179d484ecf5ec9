import { describe, expect, it } from 'vitest';
import {
  compactDefaults,
  LegalDefaultsSchema,
  legalDefaultFields,
  legalDefaultOptions,
  normaliseNumeric,
} from './legal-defaults.ts';

describe('normaliseNumeric', () => {
  it.each([
    [150, 150],
    ['1.5', 1.5],
    [' 1,000 ', 1000],
    [0, null],
    ['0', null],
    [-5, null],
    ['abc', null],
    ['', null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [true, null],
  ])('%j becomes %j', (input, expected) => {
    expect(normaliseNumeric(input)).toBe(expected);
  });
});

describe('LegalDefaultsSchema', () => {
  it('covers every field of SPEC §3 Legal defaults', () => {
    expect(Object.keys(LegalDefaultsSchema.shape).sort()).toEqual([...legalDefaultFields].sort());
    expect(legalDefaultFields).toHaveLength(24);
  });

  it('turns empty values into absent ones', () => {
    const parsed = LegalDefaultsSchema.parse({
      providerName: '  ',
      defaultNetDays: '0',
      defaultHourlyRate: '95',
      defaultCurrency: '',
    });
    expect(compactDefaults(parsed)).toEqual({ defaultHourlyRate: 95 });
  });

  it('offers the spec option lists', () => {
    expect(legalDefaultOptions.defaultCurrency.map((o) => o.value)).toEqual([
      'USD',
      'EUR',
      'GBP',
      'CAD',
    ]);
    expect(legalDefaultOptions.defaultArbitrationProvider.map((o) => o.value)).toEqual([
      'None',
      'AAA',
      'JAMS',
    ]);
    expect(legalDefaultOptions.defaultIpOwnership.map((o) => o.value)).toEqual([
      'WorkForHireToClient',
      'LicenseToClient',
      'Joint',
    ]);
  });
});
