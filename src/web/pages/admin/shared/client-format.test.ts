import { describe, expect, it } from 'vitest';
import { brand } from '#shared/brand.ts';
import {
  companyText,
  crmLinks,
  dollarsFromCents,
  effectiveEntitlements,
  isLocalId,
  matchesClient,
} from './client-format.ts';

const noIds = {
  zohoContactId: null,
  zohoCRMContactId: null,
  zohoSubscriptionsCustomerId: null,
  zohoBooksContactId: null,
  zohoDeskContactId: null,
};

describe('client formatting', () => {
  it('shows cents as dollars for the form', () => {
    expect(dollarsFromCents(12550)).toBe('125.50');
    expect(dollarsFromCents(0)).toBe('0.00');
    expect(dollarsFromCents(null)).toBe('');
    expect(dollarsFromCents(undefined)).toBe('');
  });

  it('builds deep links only for the ids that are set', () => {
    expect(crmLinks(noIds)).toEqual([]);
    const links = crmLinks({
      ...noIds,
      zohoContactId: 'C 1',
      zohoBooksContactId: 'B2',
      zohoDeskContactId: 'D3',
      zohoSubscriptionsCustomerId: 'S4',
    });
    expect(links).toEqual([
      { app: 'CRM', id: 'C 1', href: `${brand.crmLinks.crm}C%201` },
      { app: 'Subscriptions', id: 'S4', href: `${brand.crmLinks.subscriptions}S4` },
      { app: 'Books', id: 'B2', href: `${brand.crmLinks.books}B2` },
      { app: 'Desk', id: 'D3', href: `${brand.crmLinks.desk}D3` },
    ]);
    expect(crmLinks({ ...noIds, zohoContactId: 'old', zohoCRMContactId: 'crm' })[0]?.id).toBe(
      'crm',
    );
  });

  it('joins company name and code', () => {
    expect(companyText({ companyName: 'Acme', companyCode: 'AC1' })).toBe('Acme (AC1)');
    expect(companyText({ companyName: null, companyCode: 'AC1' })).toBe('AC1');
    expect(companyText({ companyName: null, companyCode: null })).toBeNull();
  });
});

describe('effective entitlements', () => {
  const user = (plan: 'Trial' | 'Basic' | 'Pro', entitlements = {}) => ({
    subscription: { plan, status: 'active' as const, currentPeriodEnd: null },
    entitlements,
  });

  it('follows the plan where the client has no setting of its own', () => {
    expect(effectiveEntitlements(user('Trial'))).toEqual({
      manualTrigger: false,
      scheduler: false,
      analytics: false,
      tickets: false,
      catalog: false,
      team: false,
    });
    expect(effectiveEntitlements(user('Pro'))).toMatchObject({
      scheduler: true,
      catalog: true,
      team: true,
      analytics: false,
    });
  });

  it('lets the client setting win either way', () => {
    expect(
      effectiveEntitlements(user('Pro', { team: false, analytics: true, tickets: true })),
    ).toMatchObject({ team: false, analytics: true, tickets: true, catalog: true });
  });
});

describe('matchesClient', () => {
  const client = {
    name: 'Dana Doe',
    email: 'dana@example.test',
    companyName: 'Acme',
    companyCode: 'AC1',
  };
  it('searches name, email and company case-insensitively', () => {
    expect(matchesClient(client, 'DANA')).toBe(true);
    expect(matchesClient(client, 'example.test')).toBe(true);
    expect(matchesClient(client, 'acme')).toBe(true);
    expect(matchesClient(client, 'ac1')).toBe(true);
    expect(matchesClient(client, 'zed')).toBe(false);
    expect(matchesClient(client, '  ')).toBe(true);
  });
});

describe('isLocalId', () => {
  it('recognises the ids local billing makes', () => {
    expect(isLocalId('LC-0123456789AB')).toBe(true);
    expect(isLocalId('LCUS-0123456789AB')).toBe(true);
    expect(isLocalId('LSUB-0123456789AB')).toBe(true);
  });

  it('leaves Zoho ids and empties alone', () => {
    expect(isLocalId('4150868000000224005')).toBe(false);
    expect(isLocalId('LC-123')).toBe(false);
    expect(isLocalId('')).toBe(false);
    expect(isLocalId(null)).toBe(false);
  });
});
