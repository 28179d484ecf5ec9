import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerPageFormPosts } from './page-forms.ts';
import { contentSecurityPolicy } from './security.ts';
import { type StaticFile, sendStaticFile, staticFile } from './static-files.ts';

// Serves the built web app from memory (http/static-files.ts): pre-rendered public pages,
// hashed assets, the other files of the build, and the SPA fallback for portal and admin
// routes. React Router emits a few inline scripts; each page's CSP allows exactly those by
// hash, so no 'unsafe-inline' is ever needed. Pages are revalidated on every visit
// (no-cache, with an ETag, so an unchanged page costs a 304); hashed assets under
// /assets/ never change and are cached for a year; other files for an hour.

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
const PAGE_CACHE = 'no-cache';
const ASSET_CACHE = 'public, max-age=31536000, immutable';
const FILE_CACHE = 'public, max-age=3600';

/** Reads a file's compressed copy the build wrote beside it (scripts/compress-build.mjs). */
type CopyOf = (file: string, suffix: '.br' | '.gz') => Buffer | undefined;

/** Copies are looked up among the build's files, already listed, not on disk one by one. */
function copiesAmong(files: string[]): CopyOf {
  const present = new Set(files);
  return (file, suffix) =>
    present.has(`${file}${suffix}`) ? readFileSync(`${file}${suffix}`) : undefined;
}

/**
 * A pre-rendered page, with the build's compressed copies when it wrote them; a build
 * without them is compressed here once, at start.
 */
function toPage(file: string, copyOf: CopyOf): StaticFile {
  const html = readFileSync(file);
  const hashes = [...html.toString('utf8').matchAll(INLINE_SCRIPT)]
    .map((m) => m[1] ?? '')
    .filter((body) => body.length > 0)
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  return staticFile(html, {
    contentType: 'text/html; charset=utf-8',
    cacheControl: PAGE_CACHE,
    headers: { 'content-security-policy': contentSecurityPolicy(hashes) },
    br: copyOf(file, '.br'),
    gzip: copyOf(file, '.gz'),
    compress: 'always',
  });
}

/** Content types as @fastify/static sent them; anything else is a download. */
const CONTENT_TYPES: Record<string, string> = {
  js: 'application/javascript; charset=utf-8',
  mjs: 'application/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/vnd.microsoft.icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  wasm: 'application/wasm',
  pdf: 'application/pdf',
};
/**
 * Text other than pages worth compressing, as scripts/compress-build.mjs picks it; the rest
 * is sent as is.
 */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

const PAGE_FILE = /\.html(\.br|\.gz)?$/;

const contentTypeOf = (name: string) =>
  CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The build's files by URL path ("/assets/app-abc123.js"), with their compressed copies. */
function buildFiles(webRoot: string, files: string[], copyOf: CopyOf): Map<string, StaticFile> {
  const served = new Map<string, StaticFile>();
  for (const file of files) {
    // Pages are served by their route alone, never by their file name or their copies'.
    if (PAGE_FILE.test(file)) continue;
    const urlPath = `/${relative(webRoot, file).split(sep).join('/')}`;
    served.set(
      urlPath,
      staticFile(readFileSync(file), {
        contentType: contentTypeOf(file),
        cacheControl: urlPath.includes('/assets/') ? ASSET_CACHE : FILE_CACHE,
        lastModified: statSync(file).mtime,
        ranges: true,
        br: copyOf(file, '.br'),
        gzip: copyOf(file, '.gz'),
        ...(COMPRESSIBLE.test(file) && { compress: 'when-smaller' as const }),
      }),
    );
  }
  return served;
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
  const files = filesUnder(webRoot);
  const copyOf = copiesAmong(files);
  const fallback = toPage(fallbackFile, copyOf);
  const pagePaths = files
    .filter((file) => file.endsWith(`${sep}index.html`))
    .map((file) => {
      const path = `/${relative(webRoot, file).split(sep).slice(0, -1).join('/')}`;
      const page = toPage(file, copyOf);
      app.get(path, { schema: { hide: true } }, (request, reply) =>
        sendStaticFile(request, reply, page),
      );
      return path;
    });
  // A form submitted before the page hydrated (page-forms.ts).
  await registerPageFormPosts(app, pagePaths);
  for (const [path, file] of buildFiles(webRoot, files, copyOf)) {
    app.get(path, { schema: { hide: true } }, (request, reply) =>
      sendStaticFile(request, reply, file),
    );
  }
  return { sendFallback: (request, reply) => sendStaticFile(request, reply, fallback) };
}
