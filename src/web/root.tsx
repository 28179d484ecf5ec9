import { type ReactNode, useEffect } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts } from 'react-router';
import { paths } from '#shared/paths.ts';
import { ScrollToTop } from '#web/app/scroll-to-top.tsx';
import { Toaster } from '#web/app/toaster.tsx';
import { ButtonLink } from '#web/components/button.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import type { Route } from './+types/root.ts';
import appCss from './app.css?inline';

// The document shell. No <ScrollRestoration/> (see ScrollToTop) and no inline scripts
// or handlers of our own: the server's CSP allows only React Router's own inline
// scripts, by hash. Fonts are the system stack, so nothing is fetched from elsewhere.
//
// The stylesheet is inlined into every pre-rendered page, so the first paint waits for
// no request (DESIGN §6 budgets). Its text is written only when pre-rendering: as a React
// style resource (href + precedence) the page's copy is found by that key on the client
// and kept, so the browser bundle carries no CSS. The dev server also loads it as a
// module, for hot updates.
if (import.meta.env.DEV && !import.meta.env.SSR) void import('./app.css');

export function Layout({ children }: { children: ReactNode }) {
  // <html data-hydrated> once React has taken over the page: before then a pre-rendered
  // page's buttons and forms are plain HTML, so browser tests wait for it before they
  // type or click. Set from an effect, since no inline script of ours may run.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <style href="app-css" precedence="default">
          {import.meta.env.SSR ? appCss : undefined}
        </style>
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
      <Toaster />
    </>
  );
}

/** Shown while the portal and admin SPA loads (the pre-rendered SPA fallback page). */
export function HydrateFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label="Loading…" className="size-8" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Page not found' : 'Something went wrong';
  const text = notFound
    ? 'The page you are looking for does not exist or has moved.'
    : 'An unexpected error stopped this page from loading. Please try again in a moment.';
  if (!notFound && import.meta.env.DEV) console.error(error);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <title>{title}</title>
      <p className="text-sm font-semibold text-brand-700">{notFound ? '404' : 'Error'}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 max-w-md text-slate-600">{text}</p>
      <ButtonLink to={paths.home} className="mt-8">
        Back to home
      </ButtonLink>
    </main>
  );
}
