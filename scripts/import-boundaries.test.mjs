import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// A boundary that a throwaway file can break without the lint failing is not a rule yet.
// Each rule is broken here once, by alias and by relative path, in a scratch folder holding
// the project's biome.json and package.json (its #aliases), so other work in the tree never
// sees the files; Biome lints them as `npm run lint` would. Files that keep the rules must
// pass, or a rule would be too wide.

const web = 'src/web never imports server code';
const shared = 'src/shared is pure TypeScript';
const frame = 'Only screens import from src/web/pages';

/** File, its one import, and the start of the message it must get (null: none). */
const probes = [
  ['src/web/lib/zz-probe.ts', '#server/config.ts', web],
  ['src/web/pages/admin/zz-probe.tsx', '../../../server/config.ts', web],
  ['src/web/pages/admin/zz-probe/part.tsx', '../../../../server/db/schema.ts', web],
  ['src/shared/zz-probe.ts', '../server/config.ts', shared],
  ['src/shared/zz-probe-web.ts', '#web/lib/api.ts', shared],
  ['src/shared/api/zz-probe.ts', '../../web/lib/api.ts', shared],
  ['src/web/app/zz-probe.tsx', '#web/pages/admin/outbox/outbox-api.ts', frame],
  ['src/web/app/header/zz-probe.tsx', '../../pages/portal/settings/settings-api.ts', frame],
  ['src/web/root-zz-probe.tsx', './pages/admin/outbox.tsx', frame],
  ['src/server/db/zz-probe.ts', '#server/domain/users/repository.ts', 'src/server/db is'],
  ['src/server/db/seed/zz-probe.ts', '../../features/auth/service.ts', 'The seed writes'],
  ['src/server/cache/zz-probe.ts', '../domain/accounts/account.ts', 'src/server/cache'],
  ['src/server/integrations/zoho/zz-probe.ts', '#server/domain/errors.ts', 'An integration'],
  ['src/server/http/zz-probe.ts', '#server/features/auth/service.ts', 'src/server/http is'],
  ['src/server/auth/zz-probe.ts', '../jobs/runner.ts', 'src/server/auth'],
  ['src/web/app/zz-keeps.tsx', '#web/lib/failed-outbox.ts', null],
  ['src/server/db/seed/zz-keeps.ts', '#server/domain/users/repository.ts', null],
  ['src/server/http/zz-keeps.ts', '#server/domain/errors.ts', null],
  ['src/server/auth/zz-keeps.ts', '../http/errors.ts', null],
];

/** Biome's findings in `root`, by file: rule and message. */
function lint(root) {
  const biome = resolve('node_modules/.bin/biome');
  const run = spawnSync(biome, ['lint', '--reporter=github', 'src'], { cwd: root });
  const found = {};
  for (const [, rule, file, message] of run.stdout
    .toString()
    .matchAll(/^::error title=lint\/(\S+?),file=([^,]+),.*?::(.*)$/gm)) {
    const key = relative(root, file);
    found[key] = [...(found[key] ?? []), `${rule}: ${message}`];
  }
  return { status: run.status, found };
}

function scratch(files) {
  const root = mkdtempSync(join(tmpdir(), 'import-boundaries-'));
  for (const name of ['biome.json', 'package.json', '.gitignore'])
    copyFileSync(name, join(root, name));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

describe('the import boundaries', () => {
  it('biome.json holds what scripts/import-boundaries.mjs writes', () => {
    expect(() =>
      execFileSync('node', ['scripts/import-boundaries.mjs', '--check'], { stdio: 'pipe' }),
    ).not.toThrow();
  });

  it('fail the lint for a file that breaks one, naming the rule, and pass the rest', () => {
    const root = scratch(
      Object.fromEntries(
        probes.map(([file, from]) => [file, `import '${from}';\n\nexport const probe = 1;\n`]),
      ),
    );
    try {
      const { status, found } = lint(root);
      expect(status).toBe(1);
      // A file may break a second rule too (a relative path into src/server also leaves
      // the screen's folder); the rule it was written to break must be among its findings.
      const got = probes.map(([file, , message]) => {
        const findings = found[file] ?? [];
        const named = findings.some((finding) =>
          finding.startsWith(`style/noRestrictedImports: ${message}`),
        );
        return [file, message ? named : findings];
      });
      const wanted = probes.map(([file, , message]) => [file, message ? true : []]);
      expect(got).toEqual(wanted);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('fail the lint for an import cycle, through an alias too', () => {
    const root = scratch({
      'src/server/zz-probe/a.ts': "import { b } from './b.ts';\n\nexport const a = () => b;\n",
      'src/server/zz-probe/b.ts':
        "import { a } from '#server/zz-probe/a.ts';\n\nexport const b = () => a;\n",
    });
    try {
      const { status, found } = lint(root);
      expect(status).toBe(1);
      expect(found).toEqual({
        'src/server/zz-probe/a.ts': ['suspicious/noImportCycles: This import is part of a cycle.'],
        'src/server/zz-probe/b.ts': ['suspicious/noImportCycles: This import is part of a cycle.'],
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
