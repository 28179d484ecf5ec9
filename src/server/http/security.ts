import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// Security headers for every answer. Scripts only from our own origin (or, on an HTML
// page, the inline scripts it was built with, by hash); no framing; no plugins.

const directives = (scriptHashes: string[] = []) => ({
  'default-src': ["'self'"],
  'script-src': ["'self'", ...scriptHashes],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

export function contentSecurityPolicy(scriptHashes: string[]): string {
  return Object.entries(directives(scriptHashes))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: directives() },
    // Pages open the help desk and billing portal in new tabs; keep window.opener out.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
}
