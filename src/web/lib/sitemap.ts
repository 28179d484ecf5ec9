import { publicPaths } from '#shared/paths.ts';
import { canonicalUrl } from './meta.ts';

// public/sitemap.xml is written from here by scripts/sitemap.mjs; sitemap.test.ts fails
// when the committed file no longer matches the public routes.

export function sitemapXml(paths: readonly string[] = publicPaths): string {
  const urls = paths.map((path) => `  <url><loc>${canonicalUrl(path)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
