import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, useRef, useState } from 'react';
import type { ClientRow } from '#shared/clients.ts';
import { TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { matchCount, type Page } from '#web/lib/api.ts';
import { useSettled } from '#web/lib/use-settled.ts';
import { clientsQuery } from './clients-api.ts';

// A client chosen from every account, not only the newest page: a search box
// asks the server (GET /api/admin/clients?q=, admins left out) and the native select
// beside it offers what matched, so the keyboard and screen readers get a plain choice.
// The chosen client stays among the options whatever the search shows.

const optionLabel = (client: ClientRow) =>
  client.name.trim() ? `${client.name} (${client.email})` : client.email;

const countText = (shown: number, page: Page<unknown>, searching: boolean) => {
  const one = page.total === 1 && !page.capped;
  if (searching) return one ? '1 client matches.' : `${matchCount(page)} clients match.`;
  if (page.total > shown) {
    return `The newest ${shown} of ${matchCount(page)} clients; search to find others.`;
  }
  return one ? '1 client.' : `${matchCount(page)} clients.`;
};

interface ClientSelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  label: string;
  placeholder: string;
  /** The chosen client's id ("" for none). */
  selected: string;
  /** How to name the chosen client before any search has listed it. */
  selectedLabel?: string | null;
  error?: string;
}

export function ClientSelect({
  label,
  placeholder,
  selected,
  selectedLabel,
  error,
  className,
  ...select
}: ClientSelectProps) {
  const [search, setSearch] = useState('');
  const q = useSettled(search).trim();
  const clients = useQuery(clientsQuery({ q, exclude: 'Admin' }));
  const known = useRef(new Map<string, string>());
  const rows = clients.data?.rows ?? [];
  const options = rows
    .map((client) => ({ value: client._id, label: optionLabel(client) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  for (const option of options) known.current.set(option.value, option.label);
  if (selected && !options.some((option) => option.value === selected)) {
    const name = known.current.get(selected) ?? selectedLabel ?? 'The chosen client';
    options.unshift({ value: selected, label: name });
  }

  return (
    <div className={`grid min-w-0 gap-3 sm:grid-cols-2 ${className ?? ''}`}>
      <TextField
        label="Find a client"
        type="search"
        placeholder="Name, email or company"
        autoComplete="off"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        hint={
          clients.data ? (
            <span aria-live="polite">{countText(rows.length, clients.data, Boolean(q))}</span>
          ) : (
            'Loading clients…'
          )
        }
      />
      <SelectField
        label={label}
        placeholder={placeholder}
        options={options}
        error={error}
        {...select}
      />
    </div>
  );
}
