// Writes public/sitemap.xml from the public routes (src/shared/paths.ts). Vite copies
// public/ into the web build, and the server serves it as a static file.
import { writeFileSync } from 'node:fs';
import { register } from 'tsx/esm/api';

register();
const { sitemapXml } = await import('../src/web/lib/sitemap.ts');
writeFileSync('public/sitemap.xml', sitemapXml());
console.log('public/sitemap.xml written');
