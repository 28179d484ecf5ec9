// The import boundaries Biome enforces (noRestrictedImports overrides in biome.json),
// written from the folder layout so every new screen gets its rule:
//   node scripts/import-boundaries.mjs          rewrite biome.json's overrides
//   node scripts/import-boundaries.mjs --check  exit 1 when biome.json is out of step
// Server: a feature never imports another feature; the domain layer never imports a
// feature; the domain layer, jobs and integrations never import the HTTP edge; src/shared
// imports neither server, web nor Node. Web: a screen never imports another screen's
// folder (screens share through <area>/shared/, components/ or lib/), and components/ and
// lib/ never import a page.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PAGES = 'src/web/pages';

const rule = (group, message) => ({
  linter: {
    rules: {
      style: {
        noRestrictedImports: { level: 'error', options: { patterns: [{ group, message }] } },
      },
    },
  },
});

// The domain layer, jobs and integrations never import the HTTP edge: they throw
// DomainErrors (src/server/domain/errors.ts) and the edge alone picks a status, so a job
// or a command-line tool can call them. `up` is the way from a file up to src/server, by
// its depth (integrations/http/ is an integration, not the edge).
const httpEdge = (up) => ['#server/http/**', `${up}http/**`];
const httpMessage =
  'The domain layer, jobs and integrations know nothing of HTTP: throw a DomainError (src/server/domain/errors.ts); src/server/http turns it into a status.';
const domainMessage = `The domain layer never imports a feature: features use the domain. ${httpMessage}`;

/** A server folder's rule for its own files (../ up) and its subfolders' (../../ up). */
const serverFolder = (folder, group, message) =>
  [
    [`src/server/${folder}/*.ts`, '../'],
    [`src/server/${folder}/*/**`, '../../'],
  ].map(([files, up]) => ({ includes: [files], ...rule(group(up), message) }));

const featureMessage =
  'A feature never imports another feature; share code through src/server/domain or src/shared.';
const screenMessage =
  "A screen never imports another screen's folder; share through <area>/shared/, src/web/components or src/web/lib.";

function screenFiles() {
  const files = [];
  for (const area of readdirSync(PAGES)) {
    const dir = join(PAGES, area);
    if (!statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir)) {
      if (/\.tsx?$/.test(name))
        files.push({ area, file: join(dir, name), screen: name.replace(/\.tsx?$/, '') });
    }
  }
  return files.sort((a, b) => a.file.localeCompare(b.file));
}

export function boundaryOverrides() {
  return [
    {
      includes: ['src/shared/**'],
      ...rule(
        ['#server/**', '#web/**', '#test/**', 'node:*'],
        'src/shared is pure TypeScript for browser and server: no server, web, test or Node imports.',
      ),
    },
    ...serverFolder(
      'domain',
      (up) => ['#server/features/**', `${up}features/**`, ...httpEdge(up)],
      domainMessage,
    ),
    ...serverFolder('jobs', httpEdge, httpMessage),
    ...serverFolder('integrations', httpEdge, httpMessage),
    {
      includes: ['src/server/features/*/*.ts'],
      ...rule(['#server/features/**', '../**'], featureMessage),
    },
    {
      includes: ['src/server/features/*/*/**'],
      ...rule(['#server/features/**', '../../**'], featureMessage),
    },
    {
      includes: ['src/web/components/**', 'src/web/lib/**'],
      ...rule(
        ['#web/pages/**', '../pages/**'],
        'Components and lib are shared by screens: they never import one.',
      ),
    },
    // Files inside a screen's folder (or an area's shared/ folder).
    {
      includes: [`${PAGES}/*/*/**`],
      ...rule(['#web/pages/**', '../**', '!../shared/**'], screenMessage),
    },
    // Any file directly in an area; then each screen's route file, which may reach its own
    // folder and its area's shared/ folder only (--check fails when a screen lacks one).
    {
      includes: [`${PAGES}/*/*.ts`, `${PAGES}/*/*.tsx`],
      ...rule(['#web/pages/**', '../**'], screenMessage),
    },
    ...screenFiles().map(({ file, screen }) => ({
      includes: [file],
      ...rule(
        ['#web/pages/**', '../**', './*/**', `!./${screen}/**`, '!./shared/**', '!./+types/**'],
        screenMessage,
      ),
    })),
  ];
}

const config = JSON.parse(readFileSync('biome.json', 'utf8'));
const wanted = boundaryOverrides();
if (process.argv.includes('--check')) {
  const same = JSON.stringify(config.overrides ?? []) === JSON.stringify(wanted);
  if (!same)
    console.error(
      'biome.json import boundaries are out of step: run node scripts/import-boundaries.mjs',
    );
  process.exit(same ? 0 : 1);
}
config.overrides = wanted;
writeFileSync('biome.json', `${JSON.stringify(config, null, 2)}\n`);
