import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerPageFormPosts } from './page-forms.ts';
import { contentSecurityPolicy } from './security.ts';

// Serves the built web app: pre-rendered public pages, hashed assets, and the SPA
// fallback for portal and admin routes. React Router emits a few inline scripts; each
// page's CSP allows exactly those by hash, so no 'unsafe-inline' is ever needed.

interface HtmlPage {
  raw: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  csp: string;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

function toPage(html: Buffer): HtmlPage {
  const hashes = [...html.toString('utf8').matchAll(INLINE_SCRIPT)]
    .map((m) => m[1] ?? '')
    .filter((body) => body.length > 0)
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  return {
    raw: html,
    gzip: gzipSync(html, { level: 9 }),
    brotli: brotliCompressSync(html),
    csp: contentSecurityPolicy(hashes),
  };
}

function findHtmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findHtmlFiles(path);
    return name === 'index.html' ? [path] : [];
  });
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: HtmlPage) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', page.csp)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.brotli);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.raw);
}

export interface WebApp {
  /** Answers a browser navigation that no page or asset matched. */
  sendFallback(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

export async function registerWeb(app: FastifyInstance, webRoot: string): Promise<WebApp | null> {
  const fallbackFile = join(webRoot, '__spa-fallback.html');
  if (!existsSync(fallbackFile)) {
    app.log.warn(`No web build in ${webRoot}; run "npm run build". Serving the API only.`);
    return null;
  }
  const fallback = toPage(readFileSync(fallbackFile));
  const pagePaths = findHtmlFiles(webRoot).map((file) => {
    const path = `/${relative(webRoot, file).split(sep).slice(0, -1).join('/')}`;
    const page = toPage(readFileSync(file));
    app.get(path, { schema: { hide: true } }, (request, reply) => sendPage(request, reply, page));
    return path;
  });
  // A form submitted before the page hydrated (page-forms.ts).
  await registerPageFormPosts(app, pagePaths);
  await app.register(fastifyStatic, {
    root: resolve(webRoot),
    wildcard: false,
    index: false,
    preCompressed: true,
    allowedPath: (path) => !path.endsWith('.html'),
    // Off, or @fastify/send's own "public, max-age=0" replaces the header set below.
    cacheControl: false,
    setHeaders(res, path) {
      const immutable = path.includes(`${sep}assets${sep}`);
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
  return { sendFallback: (request, reply) => sendPage(request, reply, fallback) };
}
