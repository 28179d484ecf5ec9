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

  it('unset while other machines can connect, says so once, naming what to set', () => {
    // The default HOST, 0.0.0.0, listens on every interface.
    const { warnings } = loadConfig({ PORT: '3999' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^PUBLIC_URL is not set: .*http:\/\/localhost:3999/);
    expect(warnings[0]).toContain('HOST=0.0.0.0');
    expect(warnings[0]).toMatch(/Set PUBLIC_URL to .*HOST=127\.0\.0\.1/);
    for (const HOST of ['::', '192.168.1.20', 'portal.internal']) {
      expect(loadConfig({ HOST }).warnings, HOST).toHaveLength(1);
    }
  });

  it('unset on a loopback HOST, needs no warning', () => {
    for (const HOST of ['127.0.0.1', '127.0.1.1', '::1', '[::1]', 'localhost', 'LOCALHOST']) {
      expect(loadConfig({ HOST }).warnings, HOST).toEqual([]);
    }
  });
});
