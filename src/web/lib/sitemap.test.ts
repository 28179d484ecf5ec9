import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brand } from '#shared/brand.ts';
import { sitemapXml } from './sitemap.ts';

describe('sitemap', () => {
  it('lists every public page at its canonical address', () => {
    const xml = sitemapXml(['/', '/about']);
    expect(xml).toContain(`<loc>${brand.siteUrl}/</loc>`);
    expect(xml).toContain(`<loc>${brand.siteUrl}/about</loc>`);
  });

  it('public/sitemap.xml is up to date (run node scripts/sitemap.mjs)', () => {
    expect(readFileSync('public/sitemap.xml', 'utf8')).toBe(sitemapXml());
  });

  it('public/robots.txt points crawlers at the sitemap', () => {
    expect(readFileSync('public/robots.txt', 'utf8')).toContain(
      `Sitemap: ${brand.siteUrl}/sitemap.xml`,
    );
  });
});
