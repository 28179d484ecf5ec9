import { describe, expect, it } from 'vitest';
import { zohoDomainOf, zohoLinkBases } from './crm-links.ts';

describe('Zoho deep links', () => {
  it('follow the data centre of the accounts server', () => {
    expect(zohoDomainOf('https://accounts.zoho.com')).toBe('zoho.com');
    expect(zohoDomainOf('https://accounts.zoho.eu')).toBe('zoho.eu');
    expect(zohoDomainOf('https://accounts.zoho.com.au')).toBe('zoho.com.au');
    expect(zohoDomainOf('https://accounts.zoho.in/')).toBe('zoho.in');
    expect(zohoDomainOf('http://127.0.0.1:4000')).toBe('zoho.com');
    expect(zohoDomainOf('not a url')).toBe('zoho.com');
  });

  it('open the configured organisation in each app', () => {
    expect(
      zohoLinkBases({
        accountsUrl: 'https://accounts.zoho.eu',
        billingOrgId: '10234695',
        crmOrgId: '20077',
        booksOrgId: '600123',
        deskPortal: 'northwind',
      }),
    ).toEqual({
      crm: 'https://crm.zoho.eu/crm/org20077/tab/Contacts/',
      subscriptions: 'https://billing.zoho.eu/app/10234695#/customers/',
      books: 'https://books.zoho.eu/app/600123#/contacts/',
      desk: 'https://desk.zoho.eu/agent/northwind/contacts/details/',
    });
    expect(zohoLinkBases({ accountsUrl: 'https://accounts.zoho.com', billingOrgId: '1' }).crm).toBe(
      'https://crm.zoho.com/crm/tab/Contacts/',
    );
  });
});
