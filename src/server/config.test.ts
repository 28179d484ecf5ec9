import { describe, expect, it } from 'vitest';
import { retention, retentionSentences } from '#shared/retention.ts';
import { ConfigError, loadConfig, publicBaseUrl } from './config.ts';

describe('loadConfig', () => {
  it('applies the defaults of DESIGN §7', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      allowPrivateWebhooks: false,
      trustProxy: false,
      billingProvider: 'local',
    });
  });

  it('keeps audit entries as long as the privacy policy says, unless told otherwise', () => {
    const config = loadConfig({ DATA_DIR: '.tmp/unused' });
    expect(config.auditRetentionDays).toBe(retention.auditDefaultDays);
    expect(retentionSentences.securityLogs).toContain('one year');
  });

  it('stops on a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must be a postgres/,
    );
    expect(() => loadConfig({ BILLING_PROVIDER: 'paypal' })).toThrow(/BILLING_PROVIDER/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it('checks the alert rules every minute unless ALERTS_EVERY_SECONDS says otherwise', () => {
    expect(loadConfig({}).alertsEveryMs).toBe(60_000);
    expect(loadConfig({ ALERTS_EVERY_SECONDS: '2' }).alertsEveryMs).toBe(2_000);
    expect(() => loadConfig({ ALERTS_EVERY_SECONDS: '0' })).toThrow(/ALERTS_EVERY_SECONDS/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' }).databaseUrl).toBeUndefined();
  });
});

describe('PUBLIC_URL', () => {
  it('defaults to localhost on the configured port', () => {
    expect(loadConfig({ PORT: '3999' })).toMatchObject({
      publicUrl: 'http://localhost:3999',
      publicUrlSet: false,
    });
    expect(loadConfig({ PUBLIC_URL: ' ' }).publicUrl).toBe('http://localhost:3000');
  });

  it('is taken as given, without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/', PORT: '8080' })).toMatchObject({
      publicUrl: 'https://portal.example.com',
      publicUrlSet: true,
      warnings: [],
    });
    expect(() => loadConfig({ PUBLIC_URL: 'portal.example.com' })).toThrow(
      /PUBLIC_URL: must be an absolute URL/,
    );
  });

  it('unset, is the address the server is bound to, as the start banner prints it', () => {
    const url = (env: Record<string, string>) => loadConfig(env).publicUrl;
    expect(url({ HOST: '127.0.0.1', PORT: '3999' })).toBe('http://127.0.0.1:3999');
    expect(url({ HOST: '::1' })).toBe('http://[::1]:3000');
    expect(url({ HOST: '192.168.1.20' })).toBe('http://192.168.1.20:3000');
    expect(url({ HOST: '::' })).toBe('http://localhost:3000');
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '3999' });
    expect(config.invoicing.publicUrl).toBe(config.publicUrl);
    expect(publicBaseUrl({ publicUrl: 'https://portal.example.com/', host: '::' }, 1)).toBe(
      'https://portal.example.com',
    );
  });

  it('unset while other machines can connect but links say localhost, says so once', () => {
    // The default HOST, 0.0.0.0, listens on every interface.
    const { warnings } = loadConfig({ PORT: '3999' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^PUBLIC_URL is not set: .*http:\/\/localhost:3999/);
    expect(warnings[0]).toContain('HOST=0.0.0.0');
    expect(warnings[0]).toMatch(/Set PUBLIC_URL to .*HOST=127\.0\.0\.1/);
    expect(loadConfig({ HOST: '::' }).warnings).toHaveLength(1);
    // One address of this machine: links name it, and others open it as they connect.
    for (const HOST of ['192.168.1.20', 'portal.internal']) {
      expect(loadConfig({ HOST }).warnings, HOST).toEqual([]);
    }
  });

  it('unset with PORT=0, says links cannot name the port chosen at start', () => {
    const { warnings } = loadConfig({ HOST: '127.0.0.1', PORT: '0' });
    expect(warnings).toEqual([expect.stringMatching(/^PUBLIC_URL is not set and PORT=0/)]);
  });

  it('unset on a loopback HOST, needs no warning', () => {
    for (const HOST of ['127.0.0.1', '127.0.1.1', '::1', '[::1]', 'localhost', 'LOCALHOST']) {
      expect(loadConfig({ HOST }).warnings, HOST).toEqual([]);
    }
  });
});

describe('local invoicing', () => {
  it('defaults to 14 due days, 7 days of grace and renewals 7 days ahead, without payment details', () => {
    expect(loadConfig({}).invoicing).toMatchObject({
      dueDays: 14,
      graceDays: 7,
      renewalLeadDays: 7,
      instructions: { ach: null, check: null, note: null },
    });
  });

  it('reads ACH details together and a check address in lines separated by |', () => {
    const config = loadConfig({
      BILLING_ACH_BANK_NAME: 'First Lakes Bank',
      BILLING_ACH_ROUTING_NUMBER: '091000019',
      BILLING_ACH_ACCOUNT_NUMBER: '123456789',
      BILLING_CHECK_ADDRESS: '100 Main St | Suite 4 | Minneapolis, MN 55401',
    });
    expect(config.invoicing.instructions.ach).toMatchObject({
      bankName: 'First Lakes Bank',
      routingNumber: '091000019',
      accountNumber: '123456789',
    });
    expect(config.invoicing.instructions.check?.address).toEqual([
      '100 Main St',
      'Suite 4',
      'Minneapolis, MN 55401',
    ]);
  });

  it('refuses half the ACH details and a routing number that is not nine digits', () => {
    expect(() => loadConfig({ BILLING_ACH_BANK_NAME: 'First Lakes Bank' })).toThrow(
      /BILLING_ACH_ROUTING_NUMBER, BILLING_ACH_ACCOUNT_NUMBER: needed with BILLING_ACH_BANK_NAME/,
    );
    expect(() => loadConfig({ BILLING_ACH_ROUTING_NUMBER: '1234' })).toThrow(
      /BILLING_ACH_ROUTING_NUMBER: must be a nine-digit ABA routing number/,
    );
  });
});

describe('BILLING_PROVIDER=stripe', () => {
  it('needs the secret key and the webhook signing secret', () => {
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: required when BILLING_PROVIDER=stripe[\s\S]*STRIPE_WEBHOOK_SECRET: required/,
    );
    const config = loadConfig({
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      apiUrl: 'https://api.stripe.com',
      automaticTax: false,
    });
    expect(loadConfig({ STRIPE_AUTOMATIC_TAX: 'true' }).stripe.automaticTax).toBe(true);
  });
});

describe('BILLING_TIME_ZONE', () => {
  it('defaults to Central Time and refuses a zone that is not one', () => {
    expect(loadConfig({}).invoicing.timeZone).toBe('America/Chicago');
    expect(loadConfig({ BILLING_TIME_ZONE: 'America/New_York' }).invoicing.timeZone).toBe(
      'America/New_York',
    );
    expect(() => loadConfig({ BILLING_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /BILLING_TIME_ZONE: must be an IANA time zone such as America\/Chicago/,
    );
  });
});
