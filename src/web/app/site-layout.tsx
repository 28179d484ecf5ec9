import { lazy, Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useIsImpersonating } from '#web/lib/impersonation.ts';
import { CompactFooter, Footer } from './footer.tsx';
import { Header } from './header/header.tsx';

// The impersonation banner (with the API client it calls) is fetched only while an admin
// is impersonating, so public pages do not carry it (DESIGN §6). The subscription stays
// here, on every page: it is what drops a stale saved admin session.
const ImpersonationBanner = lazy(() =>
  import('./impersonation-banner.tsx').then((m) => ({ default: m.ImpersonationBanner })),
);

/** Header, page and footer around every screen (public, portal and admin). */
export default function SiteLayout() {
  const impersonating = useIsImpersonating();
  // Portal and admin screens say so in their layout's handle: a one-line footer there.
  const compact = useMatches().some(
    (match) => (match.handle as { compactFooter?: boolean } | undefined)?.compactFooter,
  );
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {impersonating ? (
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      ) : null}
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      {compact ? <CompactFooter /> : <Footer />}
    </div>
  );
}
