import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The spec and the design travel with the code: docs/spec.md and docs/design.md are
// byte-for-byte copies of ../shared/SPEC.md and ../shared/DESIGN.md, and "SPEC §n" /
// "DESIGN §n" in comments mean their sections. Beside the shared originals the copies
// must equal them; in a clone without ../shared they must still be there.

const documents = [
  { name: 'SPEC', copy: 'docs/spec.md', original: '../shared/SPEC.md', title: '# Product' },
  { name: 'DESIGN', copy: 'docs/design.md', original: '../shared/DESIGN.md', title: '# Design' },
] as const;

const citing = ['src', 'tests', 'scripts', 'bench', '.ci', 'docs/decisions'];
const textFile = /\.(ts|tsx|mjs|md|sh)$|^\.ci\/run$/;

function citedSections(name: string): Set<string> {
  const cited = new Set<string>();
  const pattern = new RegExp(`\\b${name} §(\\d+)`, 'g');
  const files = citing.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file)),
  );
  const root = readdirSync('.').filter((file) => file.endsWith('.ts') || file.endsWith('.md'));
  for (const file of [...files, ...root]) {
    if (!textFile.test(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) cited.add(match[1]!);
  }
  return cited;
}

describe('the spec and the design in the repository', () => {
  for (const { name, copy, original, title } of documents) {
    it(`${copy} is there and, beside ${original}, equal to it`, () => {
      const text = readFileSync(copy);
      if (existsSync(original)) {
        const same = text.equals(readFileSync(original));
        expect(same, `${copy} differs from ${original}: copy it again`).toBe(true);
      } else {
        expect(text.toString('utf8').startsWith(title)).toBe(true);
      }
    });

    it(`every ${name} §n cited in the code is a section of ${copy}`, () => {
      const headings = readFileSync(copy, 'utf8').matchAll(/^## (\d+)\. /gm);
      const sections = new Set([...headings].map((match) => match[1]));
      const cited = [...citedSections(name)];
      expect(cited.length).toBeGreaterThan(0);
      expect(cited.filter((section) => !sections.has(section))).toEqual([]);
    });
  }
});

// The README speaks to whoever runs the product (what it is, run, configure, test,
// benchmarks, operations); CONTRIBUTING.md to whoever changes the code. CI runs the
// README's test command, so that section stays in the README.
describe('README for running it, CONTRIBUTING.md for changing it', () => {
  const readme = readFileSync('README.md', 'utf8');

  it('the README keeps its test command and sends contributors to CONTRIBUTING.md', () => {
    expect(readme).toMatch(/^## Test it\n\n```sh\nnpm test\n```$/m);
    expect(readme).toContain('CONTRIBUTING.md');
    for (const rule of ['byte-for-byte', '## Layout', 'npm run db:generate', '"SPEC §n"'])
      expect(readme, `README.md still holds "${rule}"`).not.toContain(rule);
  });

  it('CONTRIBUTING.md holds the copies of the documents, the decision habit and the layout', () => {
    const contributing = readFileSync('CONTRIBUTING.md', 'utf8');
    for (const rule of [
      '"SPEC §n"',
      '../shared/SPEC.md',
      'docs/decisions/000-template.md',
      '## Layout',
      'npm run db:generate',
      'node scripts/complete-lock.mjs',
    ])
      expect(contributing).toContain(rule);
  });
});
