import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const zohoEnv = {
  BILLING_PROVIDER: 'zoho',
  ZOHO_CLIENT_ID: '1000.ABC',
  ZOHO_CLIENT_SECRET: 'secret',
  ZOHO_REFRESH_TOKEN: '1000.refresh',
  ZOHO_ORGANIZATION_ID: '10234695',
  ZOHO_WEBHOOK_SECRET: 'abcdef123456',
};

describe('loadConfig: Zoho billing', () => {
  it('needs no Zoho variables with the local provider', () => {
    expect(loadConfig({}).zoho).toBeNull();
    expect(loadConfig({ ZOHO_CLIENT_ID: 'x' }).zoho).toBeNull();
  });

  it('reads the Zoho variables with their defaults', () => {
    expect(loadConfig(zohoEnv).zoho).toEqual({
      clientId: '1000.ABC',
      clientSecret: 'secret',
      refreshToken: '1000.refresh',
      organizationId: '10234695',
      accountsUrl: 'https://accounts.zoho.com',
      billingApiUrl: 'https://www.zohoapis.com/billing/v1',
      crmApiUrl: 'https://www.zohoapis.com/crm/v6',
      webhookSecret: 'abcdef123456',
    });
    expect(
      loadConfig({ ...zohoEnv, ZOHO_ACCOUNTS_URL: 'https://accounts.zoho.eu/' }).zoho?.accountsUrl,
    ).toBe('https://accounts.zoho.eu');
  });

  it('stops with a message naming each missing or bad variable', () => {
    const { ZOHO_REFRESH_TOKEN: _, ...missing } = zohoEnv;
    expect(() => loadConfig(missing)).toThrow(ConfigError);
    expect(() => loadConfig(missing)).toThrow(
      /ZOHO_REFRESH_TOKEN: is required when BILLING_PROVIDER=zoho/,
    );
    expect(() => loadConfig({ BILLING_PROVIDER: 'zoho' })).toThrow(
      /ZOHO_CLIENT_ID[\s\S]*ZOHO_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ ...zohoEnv, ZOHO_WEBHOOK_SECRET: 'short' })).toThrow(
      /ZOHO_WEBHOOK_SECRET: must be 12 to 50/,
    );
    expect(() => loadConfig({ ...zohoEnv, ZOHO_BILLING_API_URL: 'not a url' })).toThrow(
      /ZOHO_BILLING_API_URL/,
    );
  });
});
