import { queryOptions } from '@tanstack/react-query';
import { catalogApi } from '#shared/api/catalog.ts';
import type { CatalogTemplate } from '#shared/catalog.ts';
import { callApi } from '#web/lib/call-api.ts';

// The catalog calls (SPEC §7 Catalog) and the search over the loaded templates.

export const templatesKey = ['catalog', 'templates'] as const;

export const templatesQuery = () =>
  queryOptions({
    queryKey: templatesKey,
    queryFn: ({ signal }) => callApi(catalogApi.templates, {}, { signal }),
  });

export const requestAccess = (id: string) => callApi(catalogApi.requestAccess, { params: { id } });

/** Templates whose name or one of whose tags contains the text, case-insensitively. */
export function filterTemplates(templates: CatalogTemplate[], text: string): CatalogTemplate[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return templates;
  return templates.filter(
    (t) =>
      t.name.toLowerCase().includes(needle) ||
      t.tags.some((tag) => tag.toLowerCase().includes(needle)),
  );
}
