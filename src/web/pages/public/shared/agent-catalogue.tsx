import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { Button } from '#web/components/button.tsx';
import { SearchIcon, SparklesIcon } from '#web/components/feature-icons.tsx';
import { ArrowRightIcon } from '#web/components/icons.tsx';
import { agents, filterAgents } from '#web/content/agents.ts';
import { AgentCard } from './agent-card.tsx';

// The searchable catalogue of pre-built agents (SPEC §2 Catalogue search), on the home
// page (anchor solutions-section) and the services page (anchor solutions). The full
// list is pre-rendered; the filter runs as the visitor types.

const plural = (count: number) => (count === 1 ? 'solution' : 'solutions');

export function AgentCatalogue() {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const statusId = useId();
  const shown = filterAgents(agents, query);
  const text = query.trim();

  // Text typed into the pre-rendered field before the page came alive is kept by the
  // browser; read it once on hydration so the filter applies to it too.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed) setQuery(typed);
  }, []);

  const clear = () => {
    setQuery('');
    input.current?.focus();
  };

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="w-full sm:max-w-md">
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-800">
            Search solutions
          </label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
            <input
              ref={input}
              id={inputId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Try “email”, “calendar” or “productivity”"
              aria-describedby={statusId}
              className="block h-11 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 text-base text-slate-900 shadow-sm placeholder:text-slate-500"
            />
          </div>
        </div>
        <p id={statusId} aria-live="polite" className="text-sm text-slate-600">
          {text ? (
            <>
              Found {shown.length} {plural(shown.length)} matching “
              <span className="font-semibold text-slate-900">{text}</span>”.{' '}
            </>
          ) : null}
          Showing {shown.length} of {agents.length}
        </p>
      </div>

      {shown.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="text-base font-semibold text-slate-900">No solutions found</p>
          <p className="mt-1 text-sm text-slate-600">
            Nothing in the catalogue matches “{text}”. Try another word, or ask us to build it.
          </p>
          <Button variant="secondary" className="mt-5" onClick={clear}>
            Clear search
          </Button>
        </div>
      ) : null}

      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((agent) => (
          <AgentCard key={agent.id} agent={agent} />
        ))}
        <li className="flex flex-col rounded-xl border border-brand-200 bg-brand-50 p-6">
          <span className="flex size-11 items-center justify-center rounded-lg bg-brand-700 text-white">
            <SparklesIcon className="size-6" />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">Need Something Custom?</h3>
          <p className="mt-2 flex-1 text-base text-slate-700">
            Most of our agents start as a client’s one-off request. Tell us the job you want off
            your plate and we will scope an agent for it.
          </p>
          <Link
            to={paths.contact}
            className="mt-5 inline-flex items-center gap-2 font-semibold text-brand-700 hover:text-brand-800 hover:underline"
          >
            Describe your workflow
            <ArrowRightIcon className="size-4" />
          </Link>
        </li>
      </ul>
    </div>
  );
}
