import { brand } from '#shared/brand.ts';

/** The <title> and description every page exports from its `meta`. */
export function pageMeta(title: string, description: string) {
  return [{ title: `${title} | ${brand.name}` }, { name: 'description', content: description }];
}

/** The absolute address of a page on the live site (static: pages are pre-rendered). */
export const canonicalUrl = (path: string) => new URL(path, brand.siteUrl).href;

/**
 * pageMeta plus what a pre-rendered public page needs for search engines and link
 * previews: its canonical address and Open Graph tags.
 */
export function publicPageMeta(path: string, title: string, description: string) {
  const url = canonicalUrl(path);
  return [
    ...pageMeta(title, description),
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: brand.name },
    { property: 'og:locale', content: 'en_US' },
    { property: 'og:title', content: `${title} | ${brand.name}` },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary' },
  ];
}
