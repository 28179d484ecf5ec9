import { describe, expect, it } from 'vitest';
import { labelFromName, legalCategories } from '#shared/legal.ts';
import { legalDefaultFields } from '#shared/legal-defaults.ts';
import { slaTiers } from '#shared/pricing.ts';
import { fillTemplate, mergeFieldsOf, placeholdersOf } from './fill.ts';
import { baseDefaults } from './templates/fields.ts';
import { findTemplate, templates } from './templates/index.ts';

// The template library is data: these checks keep every template's text, fields and
// defaults in step, so a typo in a placeholder fails here rather than in a contract.

const today = new Date('2025-04-10T12:00:00Z');

describe('template library', () => {
  it('has the documents a US consultancy needs, with unique ids and known categories', () => {
    expect(templates.length).toBeGreaterThanOrEqual(7);
    expect(new Set(templates.map((t) => t.id)).size).toBe(templates.length);
    for (const name of [
      'Master Services Agreement',
      'Statement of Work',
      'Mutual Non-Disclosure Agreement',
      'Data Processing Addendum',
      'Service Level Agreement',
      'Website Privacy Policy',
      'Independent Contractor Agreement',
    ]) {
      expect(templates.map((t) => t.name)).toContain(name);
    }
    for (const t of templates) expect(legalCategories).toContain(t.category);
  });

  it.each(templates.map((t) => [t.id, t] as const))(
    '%s: fields, defaults and text agree',
    (_id, t) => {
      const fields = mergeFieldsOf(t);
      const names = fields.map((f) => f.name);
      expect(names).toEqual(placeholdersOf(t));
      // Every placeholder has a written label (not one made up from its name) and help text.
      for (const f of fields) {
        expect(f.description, f.name).not.toBe('');
        expect(f.label === labelFromName(f.name) && f.description === '', f.name).toBe(false);
      }
      // Its own fields and defaults are all used in its text.
      for (const f of t.fields ?? []) expect(names, f.name).toContain(f.name);
      for (const key of Object.keys(t.defaults ?? {})) expect(names, key).toContain(key);
      // Select options in the template's wording cover every option.
      for (const [name, wording] of Object.entries(t.choices ?? {})) {
        const field = fields.find((f) => f.name === name);
        const values =
          field?.input === 'checkbox' ? ['true', 'false'] : field?.options?.map((o) => o.value);
        expect(Object.keys(wording).sort(), name).toEqual([...(values ?? [])].sort());
      }
      // Organization defaults keep the names of SPEC §3 Legal defaults.
      for (const name of names.filter((n) => n.startsWith('default') || n.startsWith('provider'))) {
        expect(legalDefaultFields as readonly string[], name).toContain(name);
      }
    },
  );

  it.each(templates.map((t) => [t.id, t] as const))(
    '%s: fills completely with defaults and marks what is missing',
    (_id, t) => {
      const defaults = { ...baseDefaults(today), ...t.defaults };
      const filled = fillTemplate(t, defaults);
      expect(filled).not.toMatch(/\{\{|\}\}/);
      expect(filled.startsWith('# ')).toBe(true);
      const missing = mergeFieldsOf(t).filter((f) => defaults[f.name] === undefined);
      expect(missing.length).toBeGreaterThan(0);
      for (const f of missing) expect(filled).toContain(`[${f.label}]`);
      if (placeholdersOf(t).includes('defaultGoverningLaw')) expect(filled).toContain('Minnesota');
    },
  );
});

describe('fillTemplate', () => {
  const msa = findTemplate('master-services-agreement')!;

  it('formats money, dates, numbers and chosen wording', () => {
    const text = fillTemplate(msa, {
      ...baseDefaults(today),
      clientName: 'Acme Corp',
      defaultHourlyRate: '1500',
      defaultCurrency: 'EUR',
      defaultArbitrationProvider: 'AAA',
      defaultIpOwnership: 'LicenseToClient',
      defaultInsuranceMinimumUSD: 2000000,
    });
    expect(text).toContain('as of April 10, 2025');
    expect(text).toContain('€1,500.00 per hour');
    expect(text).toContain('€2,000,000.00 per claim');
    expect(text).toContain('American Arbitration Association');
    expect(text).toContain('seated in Minneapolis, Minnesota');
    expect(text).toContain('Northwind Lakes Software retains all right');
    expect(text).not.toContain('[Client name]');
  });

  it('marks empty values with the field label', () => {
    const text = fillTemplate(msa, { clientName: '   ', defaultNetDays: null });
    expect(text).toContain('[Client name]');
    expect(text).toContain('within [Payment terms (net days)] days');
  });

  it('prints the wording of a ticked or unticked checkbox', () => {
    const ica = findTemplate('independent-contractor-agreement')!;
    const on = fillTemplate(ica, {
      contractorRequiresInsurance: true,
      defaultInsuranceMinimumUSD: 500000,
    });
    expect(on).toContain('insurance of at least $500,000.00 per claim');
    const off = fillTemplate(ica, { contractorRequiresInsurance: false });
    expect(off).toContain('responsible for deciding what insurance');
  });

  it('writes the SLA tiers of the pricing reference', () => {
    const sla = fillTemplate(findTemplate('service-level-agreement')!, { slaTier: 'Priority' });
    for (const tier of slaTiers) expect(sla).toContain(`${tier.name}: first response within`);
    expect(sla).toContain(
      'the Priority support tier, with a first response to support requests within 24 hours, for an additional +$150/mo',
    );
  });
});
