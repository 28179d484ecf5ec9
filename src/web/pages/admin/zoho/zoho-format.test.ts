import { describe, expect, it } from 'vitest';
import { brand } from '#shared/brand.ts';
import { appLinks } from './zoho-format.ts';

const noIds = {
  zohoContactId: null,
  zohoCRMContactId: null,
  zohoSubscriptionsCustomerId: null,
  zohoBooksContactId: null,
  zohoDeskContactId: null,
};

describe('appLinks', () => {
  it('lists the four apps in order, linking only those with an id', () => {
    const links = appLinks({ ...noIds, zohoContactId: 'C 1', zohoDeskContactId: 'D1' });
    expect(links.map((l) => l.app)).toEqual(['CRM', 'Subscriptions', 'Books', 'Desk']);
    expect(links[0]?.link?.href).toBe(`${brand.crmLinks.crm}C%201`);
    expect(links[1]?.link).toBeNull();
    expect(links[2]?.link).toBeNull();
    expect(links[3]?.link?.href).toBe(`${brand.crmLinks.desk}D1`);
  });

  it('prefers the CRM contact id for the CRM link', () => {
    const [crm] = appLinks({ ...noIds, zohoContactId: 'C1', zohoCRMContactId: 'CRM1' });
    expect(crm?.link?.id).toBe('CRM1');
  });

  it('has no links without a client', () => {
    expect(appLinks(null).every((l) => l.link === null)).toBe(true);
  });
});
