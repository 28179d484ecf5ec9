import type { Config } from '@react-router/dev/config';
import { publicPaths } from './src/shared/paths.ts';

// Public pages are rendered to static HTML at build time and hydrated; the portal and
// admin area stay a code-split SPA served from __spa-fallback.html (DESIGN §2).
export default {
  appDirectory: 'src/web',
  // BUILD_DIR lets parallel builds (e.g. several test runs) write to separate folders.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: false,
  prerender: [...publicPaths],
  // React Router 8's behaviour, adopted early (docs: upgrading/future). None changes what
  // the app does: no route reads a loader `context` (middleware) or a server request
  // (ssr: false, so no .data requests and no request pass-through); splitting moves the
  // portal and admin layouts' clientLoader guards into chunks of their own, fetched
  // alongside the screens; the Environment API runs the same client and ssr builds.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
