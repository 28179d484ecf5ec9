import { describe, expect, it } from 'vitest';
import { defaultsGroups, toFormValues } from './legal-default-fields.ts';
import { legalDefaultFields } from './legal-defaults.ts';

describe('the organization defaults form', () => {
  it('shows every field of SPEC §3 Legal defaults exactly once', () => {
    const shown = defaultsGroups.flatMap((group) => group.fields.map((field) => field.name));
    expect([...shown].sort()).toEqual([...legalDefaultFields].sort());
  });

  it('offers the option lists of the spec with readable labels', () => {
    const options = Object.fromEntries(
      defaultsGroups
        .flatMap((group) => group.fields)
        .filter((field) => field.options)
        .map((field) => [field.name, field.options?.map((o) => o.value)]),
    );
    expect(options).toEqual({
      defaultCurrency: ['USD', 'EUR', 'GBP', 'CAD'],
      defaultArbitrationProvider: ['None', 'AAA', 'JAMS'],
      defaultIpOwnership: ['WorkForHireToClient', 'LicenseToClient', 'Joint'],
    });
  });

  it('turns saved defaults into text, empty where unset', () => {
    const values = toFormValues({ providerName: 'Acme', defaultNetDays: 30 });
    expect(values.providerName).toBe('Acme');
    expect(values.defaultNetDays).toBe('30');
    expect(values.defaultHourlyRate).toBe('');
    expect(Object.keys(values)).toHaveLength(legalDefaultFields.length);
  });
});
