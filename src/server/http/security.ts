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
  // helmet's default is SAMEORIGIN, which contradicts frame-ancestors 'none' above; browsers
  // that only read X-Frame-Options must refuse framing just the same.
  xFrameOptions: { action: 'deny' },
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

/**
 * JSON answers are never rendered as documents, so they carry the short set the OWASP
 * REST Security Cheat Sheet gives for APIs instead of the page set (fewer, shorter
 * headers on the hottest path), and are never stored by a cache.
 */
export const apiSecurityHeaders: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/**
 * The API's JSON answers. /api/docs serves a page (Swagger UI) with its own policy, and
 * an invoice PDF opens in the browser's viewer, so both keep the page set.
 */
const isApiCall = (url: string) =>
  url.startsWith('/api/') && !url.startsWith('/api/docs') && !url.startsWith('/api/invoices/');

export async function registerSecurityHeaders(app: FastifyInstance) {
  const pageHeaders = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiCall(request.url) ? apiSecurityHeaders : pageHeaders);
    done();
  });
}
