import type { MouseEvent } from 'react';
import { serviceMenu } from '#web/content/services.ts';
import { useActiveSection } from './use-active-section.ts';

/** SPEC §9: a jump from the menu stops 80 px above the section (below the header). */
export const SCROLL_OFFSET = 80;

const ids = serviceMenu.map((entry) => entry.id);

function jump(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({
    top: target.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET,
    behavior: reduceMotion ? 'auto' : 'smooth',
  });
  // Keep the address shareable without a router navigation (which would jump instantly);
  // the router's own history state is kept as it is.
  window.history.replaceState(window.history.state, '', `#${id}`);
  // Keyboard and screen reader users continue from the section they chose.
  target.focus({ preventScroll: true });
}

/**
 * The services page's side menu (SPEC §2): 13 entries, smooth scrolling, and the entry
 * of the section in view marked as the current location. A sticky column from lg up; a
 * scrolling row of chips above the sections on smaller screens.
 */
export function SectionMenu() {
  const active = useActiveSection(ids);
  return (
    <nav
      aria-label="Services sections"
      className="lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto lg:py-2"
    >
      <p className="mb-3 hidden px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase lg:block">
        On this page
      </p>
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 lg:mx-0 lg:flex-col lg:gap-0.5 lg:overflow-visible lg:px-0 lg:pb-0">
        {serviceMenu.map((entry) => {
          const current = entry.id === active;
          return (
            <li key={entry.id} className="shrink-0">
              <a
                href={`#${entry.id}`}
                onClick={(event) => jump(event, entry.id)}
                aria-current={current ? 'location' : undefined}
                className={`block rounded-full border px-3 py-1.5 text-sm font-medium whitespace-nowrap lg:rounded-lg lg:border-0 lg:border-l-2 lg:py-2 ${
                  current
                    ? 'border-brand-700 bg-brand-50 text-brand-800'
                    : 'border-slate-200 text-slate-700 hover:bg-slate-100 hover:text-slate-900 lg:border-transparent'
                }`}
              >
                {entry.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
