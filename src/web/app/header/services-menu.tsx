import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '#shared/paths.ts';
import { ChevronDownIcon } from '#web/components/icons.tsx';
import { servicesItems } from './nav-items.ts';

// The Services dropdown as a disclosure (a button that shows a list of links): Enter or
// Space toggles it, ArrowDown opens it and focuses the first link, arrows move between
// links, Escape closes it and returns focus to the button, leaving it closes it.

export function ServicesMenu() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const items = useRef<(HTMLAnchorElement | null)[]>([]);
  const panelId = useId();
  const { pathname } = useLocation();
  const active = pathname === paths.services || pathname === paths.consulting;

  // Close on a click anywhere outside; subscribed only while open.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const focusItem = (index: number) => {
    const count = servicesItems.length;
    items.current[(index + count) % count]?.focus();
  };

  const closeOnFocusLeave = (event: FocusEvent) => {
    if (!wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      // The panel becomes visible on the next render; focus its first link then.
      requestAnimationFrame(() => focusItem(0));
    } else if (event.key === 'Escape' && open) {
      setOpen(false);
    }
  };

  const onItemKeyDown = (event: KeyboardEvent, index: number) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(index + (event.key === 'ArrowDown' ? 1 : -1));
    }
  };

  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
        onBlur={closeOnFocusLeave}
        className={`flex items-center gap-1 rounded-md px-2.5 py-2 text-sm font-medium hover:bg-slate-100 hover:text-slate-900 ${active ? 'text-brand-700' : 'text-slate-700'}`}
      >
        Services
        <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {/* Rendered only while open: aria-controls may name a missing id when collapsed. */}
      {open ? (
        <div
          id={panelId}
          className="absolute top-full left-0 z-50 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          <ul>
            {servicesItems.map((item, index) => (
              <li key={item.to}>
                <Link
                  ref={(node) => {
                    items.current[index] = node;
                  }}
                  to={item.to}
                  onClick={() => setOpen(false)}
                  onKeyDown={(event) => onItemKeyDown(event, index)}
                  onBlur={closeOnFocusLeave}
                  className="block rounded-lg px-3 py-2.5 hover:bg-slate-50"
                >
                  <span className="block text-sm font-semibold text-slate-900">{item.label}</span>
                  <span className="block text-sm text-slate-600">{item.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
