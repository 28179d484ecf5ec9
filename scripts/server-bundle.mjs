// The server as one ES module (docs/decisions/032): esbuild resolves the package's own
// `#server/…` and `#shared/…` imports, strips the types and writes one file, while every
// npm package stays in node_modules. The bundle is made on each start (about half a
// second), so it can never be older than the source it runs.
import { cpSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Bundles src/server/main.ts into `outDir` (inside this checkout, so node_modules
 * resolves) with the migrations beside it, and returns the bundle's path.
 */
export function bundleServer(outDir = join(root, 'build/server-bundle')) {
  const out = resolve(root, outDir);
  if (relative(root, out).startsWith('..')) {
    throw new Error(`the server bundle must be inside ${root}, not ${out}`);
  }
  mkdirSync(out, { recursive: true });
  const entry = join(out, 'main.mjs');
  buildSync({
    entryPoints: [join(root, 'src/server/main.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    // Stack traces name the source files (node --enable-source-maps); the sources
    // themselves stay out of the map, which would otherwise be held in memory.
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
  // db/client.ts and db/migration-status.ts find the migrations next to their module,
  // which in the bundle is main.mjs.
  cpSync(join(root, 'src/server/db/migrations'), join(out, 'migrations'), { recursive: true });
  return entry;
}
