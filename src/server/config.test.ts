import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' }).databaseUrl).toBeUndefined();
  });
});
