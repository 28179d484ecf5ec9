import { describe, expect, it } from 'vitest';
import type { CatalogTemplate } from '#shared/catalog.ts';
import { filterTemplates } from './catalog-api.ts';

const template = (name: string, tags: string[]): CatalogTemplate => ({
  _id: name,
  name,
  description: null,
  tags,
  requestStatus: null,
  declineReason: null,
  processId: null,
});

const templates = [
  template('Lead intake to CRM', ['sales', 'crm']),
  template('Daily sales digest', ['reporting', 'e-commerce']),
  template('Meeting notes to tasks', ['ai', 'Productivity']),
];

describe('filterTemplates', () => {
  it('keeps everything for an empty or blank search', () => {
    expect(filterTemplates(templates, '')).toHaveLength(3);
    expect(filterTemplates(templates, '   ')).toHaveLength(3);
  });

  it('matches the name or a tag, ignoring case and surrounding spaces', () => {
    expect(filterTemplates(templates, ' SALES ').map((t) => t.name)).toEqual([
      'Lead intake to CRM',
      'Daily sales digest',
    ]);
    expect(filterTemplates(templates, 'productivity').map((t) => t.name)).toEqual([
      'Meeting notes to tasks',
    ]);
  });

  it('does not match the description', () => {
    const described = { ...template('Plain', []), description: 'sales helper' };
    expect(filterTemplates([described], 'sales')).toEqual([]);
  });
});
