import { resolve } from 'node:path';
import { type Config, publicBaseUrl } from '#server/config.ts';
import type { FirstAdminResult } from '#server/db/seed/first-admin.ts';
import { scrubText } from '#server/http/logging.ts';
import { brand } from '#shared/brand.ts';
import { paths } from '#shared/paths.ts';

// What main.ts prints on stdout once the server listens: where to open it,
// where its data lives and how to sign in. On the first start it also shows the first
// Admin's generated password, this once: it never goes to the log, nor anywhere else.

type BannerConfig = Pick<Config, 'host' | 'publicUrl' | 'publicUrlSet' | 'databaseUrl' | 'dataDir'>;

/**
 * PUBLIC_URL when set; else this HOST (localhost for every interface) and the port it
 * listens on: the same function as every link in mail and on invoices (config.ts).
 */
export function serverUrl(config: BannerConfig, port: number): string {
  return publicBaseUrl(
    { publicUrl: config.publicUrlSet ? config.publicUrl : undefined, host: config.host },
    port,
  );
}

/** The embedded database's folder, or the PostgreSQL URL without its password. */
export function databaseText(config: BannerConfig): string {
  if (config.databaseUrl) return `PostgreSQL at ${scrubText(config.databaseUrl)}`;
  return `embedded, in ${resolve(config.dataDir)} (DATA_DIR)`;
}

export interface BannerFacts {
  config: BannerConfig;
  /** The port the server listens on (PORT, or the one chosen for PORT=0). */
  port: number;
  /** Set on the start that created the first Admin. */
  firstAdmin: FirstAdminResult | null;
}

export function startBanner({ config, port, firstAdmin }: BannerFacts): string {
  const url = serverUrl(config, port);
  const lines = [
    '',
    `  ${brand.name} is running.`,
    '',
    `  Open       ${url}`,
    `  Data       ${databaseText(config)}`,
    `  Sign in    ${url}${paths.login}${firstAdmin ? ` as ${firstAdmin.email}` : ''}`,
  ];
  if (firstAdmin?.generatedPassword) {
    lines.push(
      `  Password   ${firstAdmin.generatedPassword}`,
      '             generated on this first start and shown only now: keep it, or change',
      `             it on the Profile page (${paths.settings}) once signed in.`,
    );
  } else if (firstAdmin) {
    lines.push('  Password   the one in ADMIN_PASSWORD');
  }
  lines.push('');
  return lines.join('\n');
}

/** If the server cannot listen, the generated password must not be lost with it. */
export function firstAdminNotice(firstAdmin: FirstAdminResult): string {
  return `\n  First Admin: ${firstAdmin.email}\n  Password:    ${firstAdmin.generatedPassword}\n`;
}
