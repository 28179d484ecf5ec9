import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

// Tabs as the ARIA authoring practices describe them: one tab stop for the tab list,
// arrow keys (and Home/End) move between tabs and show the panel at once, Tab moves on
// into the panel. The parent owns which tab is selected. With `keepMounted` every panel
// stays in the page, the others hidden, so a form keeps what was typed in it while the
// admin looks at another tab.

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

export function TabSet({
  label,
  tabs,
  selected,
  onSelect,
  keepMounted = false,
}: {
  label: string;
  tabs: TabItem[];
  selected: string;
  onSelect: (id: string) => void;
  keepMounted?: boolean;
}) {
  const base = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];
  const currentId = current?.id;

  // On a phone the row scrolls: the chosen tab is brought into it, e.g. when a link
  // opens the last one.
  useEffect(() => {
    if (!currentId) return;
    buttons.current.get(currentId)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [currentId]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === current?.id);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    buttons.current.get(tab.id)?.focus();
  };

  // On a phone the row fades out at its right edge, so it reads as one that scrolls, as
  // the admin side navigation does.
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="-mx-4 flex scroll-pr-12 scroll-pl-4 gap-1 overflow-x-auto border-b border-slate-200 px-4 pr-10 [mask-image:linear-gradient(to_right,black_calc(100%-3rem),transparent)] sm:mx-0 sm:px-0 sm:[mask-image:none]"
      >
        {tabs.map((tab) => {
          const active = tab.id === current?.id;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) buttons.current.set(tab.id, node);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`-mb-px shrink-0 border-b-2 px-4 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors ${
                active
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs
        .filter((tab) => keepMounted || tab === current)
        .map((tab) => (
          <div
            key={tab.id}
            role="tabpanel"
            id={`${base}-panel-${tab.id}`}
            aria-labelledby={`${base}-tab-${tab.id}`}
            hidden={tab !== current}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is a tab stop (ARIA APG)
            tabIndex={0}
            className="pt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700"
          >
            {tab.content}
          </div>
        ))}
    </div>
  );
}
