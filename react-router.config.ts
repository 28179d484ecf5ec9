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
} satisfies Config;
