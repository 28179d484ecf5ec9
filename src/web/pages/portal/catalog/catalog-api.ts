import { queryOptions } from '@tanstack/react-query';
import type { CatalogTemplate, RequestAccessResult } from '#shared/catalog.ts';
import { api } from '#web/lib/api.ts';

// The catalog calls (SPEC §7 Catalog) and the search over the loaded templates.

export const templatesKey = ['catalog', 'templates'] as const;

export const templatesQuery = () =>
  queryOptions({
    queryKey: templatesKey,
    queryFn: ({ signal }) => api.get<CatalogTemplate[]>('/api/catalog/templates', { signal }),
  });

export const requestAccess = (id: string) =>
  api.post<RequestAccessResult>(`/api/catalog/request-access/${encodeURIComponent(id)}`);

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
