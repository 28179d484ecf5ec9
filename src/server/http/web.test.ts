import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from './web.ts';

// The web build as the server serves it: pages compressed with their script hashes in the
// CSP, hashed assets cached for a year (pre-compressed copies preferred), other files for
// an hour.

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
  writeFileSync(join(root, 'assets', 'app-abc123.js'), asset);
  writeFileSync(join(root, 'assets', 'app-abc123.js.br'), brotliCompressSync(asset));
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *\n');
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
