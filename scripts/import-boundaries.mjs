// The import boundaries Biome enforces (noRestrictedImports overrides in biome.json, and
// noImportCycles), written from the folder layout so every new screen gets its rule:
//   node scripts/import-boundaries.mjs          rewrite biome.json (and format it)
//   node scripts/import-boundaries.mjs --check  exit 1 when biome.json is out of step
// scripts/import-boundaries.test.mjs breaks each rule once and expects the lint to fail.
//
// src/shared imports only src/shared and packages: no server, web, test or Node code, by
// alias or by a relative path out of the folder.
// Server, from the bottom up; these folders import only the ones named (besides src/shared,
// packages and the files at src/server's root, such as config.ts):
//   net, db        nothing (db/seed/ may use domain and auth: it makes the first admin
//                  as signing up does)
//   cache          db
//   integrations   net: they talk to the outside and know nothing of the app
//   http           db and domain (its errors): the plumbing under every route
//   auth           db, cache, domain, http and net: guards, tokens and sessions
// and above them the domain layer never imports a feature or http, jobs never import http,
// and a feature never imports another feature.
// Web: nothing in src/web imports #server (or a relative path into src/server). app/,
// components/, lib/ and content/ never import a page: screens use them, and the router
// (routes.ts) names route modules by path. A screen never imports another screen's folder
// (screens share through <area>/shared/, components/ or lib/).
// No import cycles anywhere; one made of `import type` alone is erased at build and passes
// (Biome's default).
// Biome applies the last override that matches a file and drops the earlier ones' rule
// options, so the web-wide rule comes first and every later web override repeats it.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const PAGES = 'src/web/pages';

const rule = (...patterns) => ({
  linter: {
    rules: {
      style: {
        noRestrictedImports: {
          level: 'error',
          options: { patterns: patterns.map(([group, message]) => ({ group, message })) },
        },
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
const serverFolder = (folder, group, message, except = []) =>
  [
    [[`src/server/${folder}/*.ts`], '../'],
    [
      [`src/server/${folder}/*/**`, ...except.map((sub) => `!src/server/${folder}/${sub}/**`)],
      '../../',
    ],
  ].map(([includes, up]) => ({ includes, ...rule([group(up), message]) }));

/** Any other server folder, but for the ones allowed (files at src/server's root pass). */
const onlyFolders = (folder, allowed) => (up) => [
  '#server/*/**',
  `${up}*/**`,
  ...[folder, ...allowed].flatMap((name) => [`!#server/${name}/**`, `!${up}${name}/**`]),
];

const layers = [
  ['net', [], 'src/server/net is the bottom layer: it imports no other server folder.'],
  [
    'db',
    [],
    'src/server/db is the bottom layer: it imports no other server folder (its seed/ may use domain and auth).',
    ['seed'],
  ],
  ['cache', ['db'], 'src/server/cache keeps database reads: it imports only src/server/db.'],
  [
    'integrations',
    ['net'],
    `An integration talks to the outside and knows nothing of the app: it imports only src/server/net, never a feature, the domain layer, the database, a job or src/server/http. ${httpMessage}`,
  ],
  [
    'http',
    ['db', 'domain'],
    'src/server/http is the plumbing under every route: it imports only src/server/db and src/server/domain (its errors), never a feature, auth, api, a job or an integration.',
  ],
  [
    'auth',
    ['db', 'cache', 'domain', 'http', 'net'],
    'src/server/auth (guards, tokens, sessions) serves the features: it imports db, cache, domain, http and net, never a feature, api, a job or an integration.',
  ],
];

const featureMessage =
  'A feature never imports another feature; share code through src/server/domain or src/shared.';
const screenMessage =
  "A screen never imports another screen's folder; share through <area>/shared/, src/web/components or src/web/lib.";

// A relative path from anywhere in src/web into src/server climbs to src/ first.
const upTo = (folder) => [1, 2, 3, 4, 5, 6].map((depth) => `${'../'.repeat(depth)}${folder}/**`);
const noServer = [
  ['#server/**', ...upTo('server')],
  'src/web never imports server code (#server or a relative path into src/server): it reaches the server through its API, #web/lib/api.ts and call-api.ts.',
];
const webRule = (...patterns) => rule(noServer, ...patterns);

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
      includes: ['src/shared/*.ts'],
      ...rule([
        ['#server/**', '#web/**', '#test/**', 'node:*', '../**'],
        'src/shared is pure TypeScript for browser and server: it imports only src/shared and packages (no server, web, test or Node code, by alias or relative path).',
      ]),
    },
    {
      includes: ['src/shared/*/**'],
      ...rule([
        ['#server/**', '#web/**', '#test/**', 'node:*', '../../**'],
        'src/shared is pure TypeScript for browser and server: it imports only src/shared and packages (no server, web, test or Node code, by alias or relative path).',
      ]),
    },
    ...layers.flatMap(([folder, allowed, message, except]) =>
      serverFolder(folder, onlyFolders(folder, allowed), message, except),
    ),
    {
      includes: ['src/server/db/seed/**'],
      ...rule([
        onlyFolders('db', ['domain', 'auth'])('../../'),
        'The seed writes through the domain layer: src/server/db/seed imports only db, domain and auth.',
      ]),
    },
    ...serverFolder(
      'domain',
      (up) => ['#server/features/**', `${up}features/**`, ...httpEdge(up)],
      domainMessage,
    ),
    ...serverFolder('jobs', httpEdge, httpMessage),
    {
      includes: ['src/server/features/*/*.ts'],
      ...rule([['#server/features/**', '../**'], featureMessage]),
    },
    {
      includes: ['src/server/features/*/*/**'],
      ...rule([['#server/features/**', '../../**'], featureMessage]),
    },
    // All of src/web; the frame around the screens, what they share and the router never
    // import a page. The overrides below replace this one for the screens.
    {
      includes: ['src/web/**'],
      ...webRule([
        ['#web/pages/**', './pages/**', ...upTo('pages')],
        'Only screens import from src/web/pages: app/, components/, lib/ and content/ are shared by every screen, and routes.ts names route modules by path. Move what they need to src/web/lib or src/web/components.',
      ]),
    },
    // A screen without a folder (not-found.tsx).
    {
      includes: [`${PAGES}/*.ts`, `${PAGES}/*.tsx`],
      ...webRule([['#web/pages/**', './*/**'], screenMessage]),
    },
    // Files inside a screen's folder (or an area's shared/ folder).
    {
      includes: [`${PAGES}/*/*/**`],
      ...webRule([['#web/pages/**', '../**', '!../shared/**'], screenMessage]),
    },
    // Any file directly in an area; then each screen's route file, which may reach its own
    // folder and its area's shared/ folder only (--check fails when a screen lacks one).
    {
      includes: [`${PAGES}/*/*.ts`, `${PAGES}/*/*.tsx`],
      ...webRule([['#web/pages/**', '../**'], screenMessage]),
    },
    ...screenFiles().map(({ file, screen }) => ({
      includes: [file],
      ...webRule([
        ['#web/pages/**', '../**', './*/**', `!./${screen}/**`, '!./shared/**', '!./+types/**'],
        screenMessage,
      ]),
    })),
  ];
}

/** biome.json as this script writes it: the overrides above, and import cycles refused. */
export function withBoundaries(config) {
  const rules = config.linter.rules;
  return {
    ...config,
    linter: {
      ...config.linter,
      rules: { ...rules, suspicious: { ...rules.suspicious, noImportCycles: 'error' } },
    },
    overrides: boundaryOverrides(),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const config = JSON.parse(readFileSync('biome.json', 'utf8'));
  const wanted = withBoundaries(config);
  if (process.argv.includes('--check')) {
    const same = JSON.stringify(config) === JSON.stringify(wanted);
    if (!same)
      console.error(
        'biome.json import boundaries are out of step: run node scripts/import-boundaries.mjs',
      );
    process.exit(same ? 0 : 1);
  }
  writeFileSync('biome.json', `${JSON.stringify(wanted, null, 2)}\n`);
  execFileSync('node_modules/.bin/biome', ['format', '--write', 'biome.json'], {
    stdio: 'inherit',
  });
}
