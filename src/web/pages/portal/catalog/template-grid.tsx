import { useId, useState } from 'react';
import type { CatalogTemplate } from '#shared/catalog.ts';
import { Button } from '#web/components/button.tsx';
import { EmptyState } from '#web/components/query-state.tsx';
import { filterTemplates } from './catalog-api.ts';
import { TemplateCard } from './template-card.tsx';

// The templates with a search over names and tags. The count is announced politely so a
// screen-reader user hears how the list changed while typing.

export function TemplateGrid({ templates }: { templates: CatalogTemplate[] }) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const shown = filterTemplates(templates, search);
  const searching = search.trim() !== '';

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="w-full sm:max-w-sm">
          <label htmlFor={searchId} className="mb-1.5 block text-sm font-medium text-slate-800">
            Search templates
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Name or tag, e.g. finance"
            autoComplete="off"
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 sm:text-sm"
          />
        </div>
        <p className="text-sm text-slate-600" aria-live="polite">
          {searching
            ? `Showing ${shown.length} of ${templates.length} templates`
            : `${templates.length} templates`}
        </p>
      </div>
      {shown.length === 0 ? (
        <EmptyState>
          <p>No templates match “{search.trim()}”.</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => setSearch('')}>
            Clear search
          </Button>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((template) => (
            <li key={template._id}>
              <TemplateCard template={template} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
