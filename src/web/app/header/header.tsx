import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useNavigation } from 'react-router';
import { paths } from '#shared/paths.ts';
import { CloseIcon, MenuIcon } from '#web/components/icons.tsx';
import { useSession } from '#web/lib/session.ts';
import { AccountLinks } from './account-links.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { leadingItems, type NavItem, trailingItems } from './nav-items.ts';
import { ServicesMenu } from './services-menu.tsx';

// The sticky site header (SPEC §2). The full bar shows from the lg breakpoint: with the
// signed-in account links it needs about 1,000 px, so narrower screens get the toggle menu.

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap hover:bg-slate-100 hover:text-slate-900 ${isActive ? 'text-brand-700' : 'text-slate-700'}`;

function DesktopLinks({ items }: { items: NavItem[] }) {
  return items.map((item) => (
    <NavLink key={item.to} to={item.to} end={item.to === paths.home} className={navClass}>
      {item.label}
    </NavLink>
  ));
}

export function Header() {
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const busy = useNavigation().state === 'loading';

  // Escape closes the mobile menu and puts focus back on its toggle.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo onClick={() => setMenuOpen(false)} />
        <nav aria-label="Main" className="hidden items-center gap-0.5 lg:flex">
          <DesktopLinks items={leadingItems} />
          <ServicesMenu />
          <DesktopLinks items={trailingItems} />
        </nav>
        <div className="hidden lg:flex">
          <AccountLinks session={session} />
        </div>
        <button
          ref={toggle}
          type="button"
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
          className="-mr-2 inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
        >
          {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
        </button>
      </div>
      {menuOpen ? (
        <MobileMenu id={menuId} session={session} onClose={() => setMenuOpen(false)} />
      ) : null}
      {/* A thin bar while the next screen's code or guard is loading. */}
      <div
        aria-hidden="true"
        className={`absolute inset-x-0 bottom-0 h-0.5 origin-left bg-brand-600 transition-transform duration-500 ${busy ? 'scale-x-75' : 'scale-x-0'}`}
      />
    </header>
  );
}
