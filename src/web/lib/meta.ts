import { brand } from '#shared/brand.ts';

/** The <title> and description every page exports from its `meta`. */
export function pageMeta(title: string, description: string) {
  return [{ title: `${title} | ${brand.name}` }, { name: 'description', content: description }];
}
