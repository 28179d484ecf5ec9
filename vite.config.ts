import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import reactRouterConfig from './react-router.config.ts';
import { publicPaths } from './src/shared/paths.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

// Chunking for the public pages (DESIGN §6). Under simulated mobile throttling every
// script is a request of its own (six HTTP/1.1 connections, 150 ms round trips), so the
// ~25 small chunks a public page preloaded cost more than their bytes. Two groups:
// - framework: React, React DOM, the scheduler and React Router, which every page runs;
// - shell: everything the root and site-layout routes import (header, footer, toasts,
//   session...) and meta.ts (every page module imports it), which every page loads too.
//   Collected from the module graph, so nothing only a portal or admin page uses can
//   slip in. The two route modules stay chunks of their own (React Router needs them).
// Three more keep React Router's route manifest small, which every public page downloads
// and which lists each route's chunks (ssr: false lists them all, decision 005): TanStack
// Query, zod and the API client (api.ts, call-api.ts and the route type) are one chunk
// each instead of a dozen named by most portal and admin routes. No public page loads
// the first two up front; /login and /register load the third anyway. The form fields
// and the alert are one chunk too: the contact, sign-in and register pages load them all,
// and as five chunks they cost those pages more in names and requests than in code.
const framework = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const tanstackQuery = /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/;
const zod = /node_modules[\\/]zod[\\/]/;
const apiClient = /src[\\/](web[\\/]lib[\\/](api|call-api)|shared[\\/]api[\\/]route)\.ts$/;
const formFields =
  /src[\\/]web[\\/]components[\\/](field|field-select|field-textarea|required|alert)\.tsx$/;
const shellRoots = /src[\\/]web[\\/](root\.tsx|app[\\/]site-layout\.tsx|lib[\\/]meta\.ts)$/;
const shellRoutes = /src[\\/]web[\\/](root\.tsx|app[\\/]site-layout\.tsx)$/;
const shell = new Set<string>();

function collectShell(): Plugin {
  return {
    name: 'collect-shell-modules',
    apply: 'build',
    buildEnd() {
      shell.clear();
      const roots = [...this.getModuleIds()].filter((id) => shellRoots.test(id));
      for (const id of roots) if (!shellRoutes.test(id)) shell.add(id);
      const queue = [...roots];
      while (queue.length) {
        const id = queue.pop() as string;
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) {
          if (shell.has(next) || next.includes('node_modules')) continue;
          shell.add(next);
          queue.push(next);
        }
      }
    },
  };
}

// The pre-rendered public pages paint without JavaScript (the stylesheet is inline), so
// their hydration scripts need not race the page for the connection: React Router's
// <link rel="modulepreload"> tags are taken out of them after pre-rendering. The inline
// module script still imports the same files; they are fetched once the HTML is parsed
// instead of while its head arrives. Lighthouse's simulation counts every script that
// finished before the first paint as blocking it (docs/decisions/005-public-js-budget.md).
// The SPA fallback (portal and admin) keeps its preloads: it has nothing to show before
// its scripts run.
const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]+"\/>/g;

function publicPagesWithoutPreloads(): Plugin {
  return {
    name: 'public-pages-without-preloads',
    apply: 'build',
    // After React Router's own writeBundle, which pre-renders the pages.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (this.environment.name !== 'ssr') return;
        const client = join(reactRouterConfig.buildDirectory, 'client');
        for (const path of publicPaths) {
          const file = join(client, path, 'index.html');
          writeFileSync(file, readFileSync(file, 'utf8').replace(MODULE_PRELOAD, ''));
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), collectShell(), publicPagesWithoutPreloads()],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: framework, priority: 2 },
            { name: 'shell', test: (id) => shell.has(id), priority: 1 },
            { name: 'query', test: tanstackQuery, priority: 2 },
            { name: 'zod', test: zod, priority: 2 },
            { name: 'api-client', test: apiClient, priority: 1 },
            { name: 'form-fields', test: formFields, priority: 1 },
          ],
        },
      },
    },
  },
  environments: {
    // The ssr environment only pre-renders the public pages; React Router deletes its
    // output afterwards (ssr: false). Two of Rolldown's checks report nothing useful there:
    // - ineffectiveDynamicImport: the server build imports every route module statically,
    //   so a schema the public auth pages load lazily (#shared/password.ts,
    //   #shared/two-factor.ts) and a portal screen imports directly always shares a chunk
    //   with its importers there. The client build keeps the check, and those lazy imports
    //   work in it: each schema module is a chunk of its own that no public page loads up
    //   front (tests/e2e/public-page-weight.spec.ts, docs/decisions/005);
    // - bundlerTimings: pre-rendering (React Router's writeBundle) is most of that build's
    //   time by design, so the timing table is printed on every build.
    ssr: {
      build: {
        rolldownOptions: { checks: { ineffectiveDynamicImport: false, bundlerTimings: false } },
      },
    },
  },
  // Pre-bundled up front so the dev server does not re-optimise (and reload React twice)
  // on the first visit to a portal page.
  optimizeDeps: {
    include: ['@tanstack/react-query', 'react-hook-form', '@hookform/resolvers/zod'],
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/healthz': `http://127.0.0.1:${apiPort}` },
  },
});
