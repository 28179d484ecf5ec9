import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { databaseText, serverUrl, startBanner } from './start-banner.ts';

describe('the start banner', () => {
  it('says where to open the server, where its data lives and how to sign in', () => {
    const config = loadConfig({ PORT: '3999', DATA_DIR: './some-data' });
    const banner = startBanner({ config, port: 3999, firstAdmin: null });
    expect(banner).toContain('Open       http://localhost:3999\n');
    expect(banner).toContain(`Data       embedded, in ${resolve('some-data')} (DATA_DIR)\n`);
    expect(banner).toContain('Sign in    http://localhost:3999/login\n');
    expect(banner).not.toContain('Password');
  });

  it('shows the first Admin and a generated password on the start that created them', () => {
    const config = loadConfig({ HOST: '127.0.0.1' });
    const firstAdmin = { email: 'admin@localhost.localdomain', generatedPassword: 'Gen-Pw-1Aa' };
    const banner = startBanner({ config, port: 3000, firstAdmin });
    expect(banner).toContain(
      'Sign in    http://127.0.0.1:3000/login as admin@localhost.localdomain\n',
    );
    expect(banner).toMatch(/Password {3}Gen-Pw-1Aa\n.*shown only now/);
    const fromEnv = startBanner({ config, port: 3000, firstAdmin: { email: 'me@example.com' } });
    expect(fromEnv).toContain('Password   the one in ADMIN_PASSWORD');
  });

  it('uses PUBLIC_URL when set, else this HOST and the port it listens on', () => {
    const url = (env: Record<string, string>, port = 3000) => serverUrl(loadConfig(env), port);
    expect(url({ PUBLIC_URL: 'https://portal.example.com/' })).toBe('https://portal.example.com');
    expect(url({}, 41234)).toBe('http://localhost:41234');
    expect(url({ HOST: '::' })).toBe('http://localhost:3000');
    expect(url({ HOST: '10.0.0.5' })).toBe('http://10.0.0.5:3000');
    expect(url({ HOST: '::1' })).toBe('http://[::1]:3000');
  });

  it('prints the address every link in mail and on invoices starts with', () => {
    for (const env of [
      {},
      { HOST: '127.0.0.1' },
      { HOST: '::1', PORT: '8080' },
      { HOST: '10.0.0.5' },
      { PUBLIC_URL: 'https://portal.example.com/' },
    ]) {
      const config = loadConfig(env);
      const banner = startBanner({ config, port: config.port, firstAdmin: null });
      expect(banner, JSON.stringify(env)).toContain(`Open       ${config.publicUrl}\n`);
      expect(config.invoicing.publicUrl).toBe(config.publicUrl);
    }
  });

  it('names PostgreSQL without its password', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app:pa55word@db.internal:5432/app?sslmode=require',
    });
    expect(databaseText(config)).toBe(
      'PostgreSQL at postgres://app:[REDACTED]@db.internal:5432/app?sslmode=require',
    );
    expect(startBanner({ config, port: 3000, firstAdmin: null })).not.toContain('pa55word');
  });
});
