import { Outlet } from 'react-router';
import { Footer } from './footer.tsx';
import { Header } from './header/header.tsx';
import { ImpersonationBanner } from './impersonation-banner.tsx';

/** Header, page and footer around every screen (public, portal and admin). */
export default function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <ImpersonationBanner />
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
