import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type LegalTemplate, legalCategoryFilters } from '#shared/legal.ts';
import { Button } from '#web/components/button.tsx';
import { Card } from '#web/components/card.tsx';
import { TextField } from '#web/components/field.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { templatesQuery } from './legal-api.ts';

// Column one of the legal suite: the template library with a category filter and a
// search box; templates are picked with checkboxes, several at once.

type Filter = (typeof legalCategoryFilters)[number];

function TemplateOption({
  template: t,
  checked,
  onToggle,
}: {
  template: LegalTemplate;
  checked: boolean;
  onToggle: (id: string) => void;
}) {
  const inputId = `template-${t.id}`;
  return (
    <li>
      <label
        htmlFor={inputId}
        className={`flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors ${
          checked
            ? 'border-brand-300 bg-brand-50'
            : 'border-slate-200 hover:border-slate-300 hover:bg-slate-50'
        }`}
      >
        <input
          id={inputId}
          type="checkbox"
          checked={checked}
          onChange={() => onToggle(t.id)}
          aria-describedby={`${inputId}-about`}
          className="mt-0.5 size-4 shrink-0 accent-brand-700"
        />
        <span className="min-w-0">
          <span className="block text-sm font-semibold text-slate-900">{t.name}</span>
          <span className="mt-0.5 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-semibold tracking-wide text-slate-600 uppercase">
            {t.category}
          </span>
          <span
            id={`${inputId}-about`}
            className="mt-1 block text-xs text-slate-600 xl:line-clamp-3"
          >
            {t.description}
          </span>
        </span>
      </label>
    </li>
  );
}

export function TemplateLibrary({
  selectedIds,
  onToggle,
  onClear,
}: {
  selectedIds: string[];
  onToggle: (id: string) => void;
  onClear: () => void;
}) {
  const templates = useQuery(templatesQuery());
  const [category, setCategory] = useState<Filter>('All');
  const [search, setSearch] = useState('');
  const headingId = useId();

  const needle = search.trim().toLowerCase();
  const shown = (templates.data ?? []).filter(
    (t) =>
      (category === 'All' || t.category === category) &&
      (!needle ||
        [t.name, t.description, t.category, ...t.use_cases].some((s) =>
          s.toLowerCase().includes(needle),
        )),
  );

  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Template library
        </h2>
        <p className="shrink-0 text-xs whitespace-nowrap text-slate-600" aria-live="polite">
          {selectedIds.length} selected
        </p>
      </div>
      <TextField
        label="Search templates"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="NDA, privacy, contractor…"
        className="mt-4"
      />
      <fieldset className="mt-4">
        <legend className="mb-2 text-sm font-medium text-slate-800">Category</legend>
        <div className="flex flex-wrap gap-1.5">
          {legalCategoryFilters.map((filter) => (
            <button
              key={filter}
              type="button"
              aria-pressed={category === filter}
              onClick={() => setCategory(filter)}
              className={`rounded-full border px-3 py-1 text-xs font-semibold transition-colors ${
                category === filter
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
              }`}
            >
              {filter}
            </button>
          ))}
        </div>
      </fieldset>

      <div className="mt-4">
        <QueryState
          query={templates}
          loading="Loading templates…"
          failed="Templates could not be loaded"
        >
          {() =>
            shown.length === 0 ? (
              <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">
                No templates match.
              </p>
            ) : (
              <ul aria-labelledby={headingId} className="space-y-2">
                {shown.map((t) => (
                  <TemplateOption
                    key={t.id}
                    template={t}
                    checked={selectedIds.includes(t.id)}
                    onToggle={onToggle}
                  />
                ))}
              </ul>
            )
          }
        </QueryState>
      </div>
      {selectedIds.length > 0 ? (
        <Button variant="ghost" size="sm" className="mt-3" onClick={onClear}>
          Clear selection
        </Button>
      ) : null}
    </Card>
  );
}
