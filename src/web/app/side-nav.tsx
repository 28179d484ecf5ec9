import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';

// The side navigation shared by the portal and the admin area: a column from md up,
// a horizontally scrolling row of tabs on small screens.

export interface SideNavItem {
  to: string;
  label: string;
  /** Match the path exactly (for an area's home entry). */
  end?: boolean;
  /** A count that needs attention (failed mail), shown after the label when above zero. */
  badge?: { count: number; label: string };
}

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `block shrink-0 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${
    isActive
      ? 'bg-brand-50 text-brand-800'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

/** On a phone, where the row scrolls, the current screen's tab is brought into it. */
function useCurrentInView() {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const row = list.current;
    if (!pathname || !row || row.scrollWidth <= row.clientWidth) return;
    row
      .querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return list;
}

export function SideNav({ label, items }: { label: string; items: SideNavItem[] }) {
  const list = useCurrentInView();
  return (
    <nav aria-label={label} className="md:w-56 md:shrink-0">
      <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase md:block">
        {label}
      </p>
      {/* On a phone the row fades out at its right edge, so it reads as one that scrolls;
          the last tab scrolls clear of the fade. The row is the containing
          block of a badge's screen-reader text (absolutely placed), which would otherwise
          widen the whole page by the row's hidden length. */}
      <ul
        ref={list}
        className="relative -mx-4 flex scroll-pr-12 scroll-pl-4 gap-1 overflow-x-auto px-4 pr-10 pb-2 [mask-image:linear-gradient(to_right,black_calc(100%-3rem),transparent)] md:mx-0 md:flex-col md:overflow-visible md:px-0 md:pb-0 md:[mask-image:none]"
      >
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={itemClass}>
              {item.label}
              {item.badge && item.badge.count > 0 ? (
                <span className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-red-100 px-1.5 text-xs font-semibold text-red-800">
                  {item.badge.count}
                  <span className="sr-only"> {item.badge.label}</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Sidebar beside the screen content, in the page's width. */
export function SideNavShell({
  nav,
  children,
}: {
  nav: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:gap-10 md:py-12 lg:px-8">
      {nav}
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
