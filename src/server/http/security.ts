import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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

const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: directives() },
  // Pages open the help desk and billing portal in new tabs; keep window.opener out.
  crossOriginOpenerPolicy: { policy: 'same-origin' },
};

/**
 * The headers helmet sets, worked out once. They are the same for every answer, and
 * running helmet's middleware chain on each request cost a sixth of a signed-in list
 * call's CPU time (DESIGN §6 API budget).
 */
export function securityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
