import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from './web.ts';

// The web build as the server serves it, from memory: pages compressed with their script
// hashes in the CSP and revalidated by ETag, hashed assets cached for a year (pre-compressed
// copies preferred), other files for an hour.

const inline = 'window.__ctx = 1;';
const page = `<!DOCTYPE html><html><head><style>body{color:red}</style></head><body><p>Hello</p><script>${inline}</script></body></html>`;
const asset = 'export const answer = 42;\n'.repeat(40);

let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'web-'));
  mkdirSync(join(root, 'about'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, '__spa-fallback.html'), page);
  writeFileSync(join(root, 'index.html'), page);
  writeFileSync(join(root, 'about', 'index.html'), page.replace('Hello', 'About'));
  // The build's compressed copies of a page (scripts/compress-build.mjs), told apart from
  // a compression made at start by what they hold.
  const contact = page.replace('Hello', 'Contact');
  mkdirSync(join(root, 'contact'));
  writeFileSync(join(root, 'contact', 'index.html'), contact);
  writeFileSync(join(root, 'contact', 'index.html.br'), brotliCompressSync(`${contact}<!--br-->`));
  writeFileSync(join(root, 'contact', 'index.html.gz'), gzipSync(`${contact}<!--gz-->`));
  writeFileSync(join(root, 'assets', 'app-abc123.js'), asset);
  writeFileSync(join(root, 'assets', 'app-abc123.js.br'), brotliCompressSync(asset));
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(join(root, 'sitemap.xml'), `<urlset>${'<url>/about</url>'.repeat(60)}</urlset>`);
  app = Fastify();
  await registerWeb(app, root);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('registerWeb', () => {
  it('serves a pre-rendered page compressed, uncached, with its inline script allowed by hash', async () => {
    const response = await app.inject({
      url: '/about',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<p>About</p>');
    const hash = createHash('sha256').update(inline).digest('base64');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("sends a page's pre-compressed copies from the build, and never by their file names", async () => {
    const br = await app.inject({ url: '/contact', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(br.rawPayload).toString()).toMatch(/<p>Contact<\/p>.*<!--br-->$/);
    const gzip = await app.inject({ url: '/contact', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toMatch(/<!--gz-->$/);
    expect(br.headers['content-security-policy']).toContain("'sha256-");
    for (const url of ['/contact/index.html.br', '/contact/index.html.gz']) {
      expect((await app.inject({ url })).statusCode).toBe(404);
    }
  });

  it('caches hashed assets for a year and sends the pre-compressed copy', async () => {
    const response = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(asset);
  });

  it('caches other files for an hour and never serves an HTML file by its file name', async () => {
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    const html = await app.inject({ url: '/about/index.html' });
    expect(html.statusCode).toBe(404);
  });
});

describe('compression, revalidation and caching', () => {
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  it('sends brotli, gzip or the plain page as the browser accepts, and says it varies', async () => {
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page);
    const gzip = await get('/', { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(page);
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(page);
    const refused = await get('/', { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(refused.headers['content-encoding']).toBe('gzip');
    for (const response of [br, gzip, plain]) {
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('answers 304 without a body when the browser already has the page', async () => {
    const first = await get('/about', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await get('/about', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    // Another page, or the same page in another encoding, is a different representation.
    const other = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    const plain = await get('/about', { 'if-none-match': etag });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.etag).not.toBe(etag);
  });

  it('answers 304 for an unchanged asset, by ETag or by date', async () => {
    const first = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(first.headers['content-type']).toBe('application/javascript; charset=utf-8');
    const byTag = await get('/assets/app-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': `W/"other", ${first.headers.etag}`,
    });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const byDate = await get('/robots.txt', {
      'if-modified-since': String(first.headers['last-modified']),
    });
    expect(byDate.statusCode).toBe(304);
  });

  it('compresses a text file the build left uncompressed, and sends small ones as they are', async () => {
    const sitemap = await get('/sitemap.xml', { 'accept-encoding': 'gzip' });
    expect(sitemap.headers['content-encoding']).toBe('gzip');
    expect(sitemap.headers['cache-control']).toBe('public, max-age=3600');
    expect(gunzipSync(sitemap.rawPayload).toString()).toContain('<url>/about</url>');
    const robots = await get('/robots.txt', { 'accept-encoding': 'gzip, br' });
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.payload).toBe('User-agent: *\n');
  });

  it('answers a byte range of a file', async () => {
    const part = await get('/assets/app-abc123.js', { range: 'bytes=0-5' });
    expect(part.statusCode).toBe(206);
    expect(part.payload).toBe(asset.slice(0, 6));
    expect(part.headers['content-range']).toBe(`bytes 0-5/${asset.length}`);
    const beyond = await get('/assets/app-abc123.js', { range: `bytes=${asset.length}-` });
    expect(beyond.statusCode).toBe(416);
  });
});
