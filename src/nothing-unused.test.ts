import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// What is installed or drawn but never used still costs: every install downloads it, a
// reader wonders what needs it, and an icon nobody shows is read as part of the design.
// A package counts as used when some file imports it (or names it in a config), an icon
// when some other file imports it.

const sourceDirs = ['src', 'tests', 'scripts', 'bench', '.ci'];
const sourceFile = /\.(ts|tsx|mjs|css|sh)$|^\.ci\/run$/;

/** Packages no file imports, each needed another way. */
const usedWithoutImport: Record<string, string> = {
  '@biomejs/biome': 'the biome command of npm run lint and format',
  typescript: 'the tsc command of npm run typecheck',
  '@react-router/node': "React Router's build looks for it in package.json to pick the runtime",
  isbot: "React Router's build looks for it in package.json (it installs it otherwise)",
  'react-is': 'a peer dependency of recharts',
};

function sourceFiles(): string[] {
  const nested = sourceDirs
    .filter((dir) => existsSync(dir))
    .flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file)),
    );
  const root = readdirSync('.').filter((file) => /\.(ts|mjs)$/.test(file));
  return [...nested, ...root].filter((file) => sourceFile.test(file));
}

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('nothing installed or drawn goes unused', () => {
  const files = sourceFiles();
  const texts = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
  const everything = [...texts.values()].join('\n');

  it('every package in package.json is imported, or listed here with what needs it', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Record<
      'dependencies' | 'devDependencies',
      Record<string, string>
    >;
    const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
    const imported = (name: string) =>
      new RegExp(`['"]${literally(name)}(/[^'"]*)?['"]`).test(everything);
    // @types/x is used when x is (node's always is).
    const used = (name: string): boolean => {
      const typed = name.match(/^@types\/(.+)$/)?.[1];
      if (typed === 'node') return true;
      if (typed) return names.includes(typed) && used(typed);
      return name in usedWithoutImport || imported(name);
    };
    expect(names.filter((name) => !used(name))).toEqual([]);
  });

  it('every icon exported by the icon modules is imported somewhere else', () => {
    const modules = ['src/web/components/icons.tsx', 'src/web/components/feature-icons.tsx'];
    const unused = modules.flatMap((module) => {
      const exported = [...texts.get(module)!.matchAll(/^export const (\w+Icon)\b/gm)];
      const others = files.filter((file) => file !== module).map((file) => texts.get(file)!);
      return exported
        .map((match) => match[1]!)
        .filter((icon) => !others.some((text) => new RegExp(`\\b${icon}\\b`).test(text)))
        .map((icon) => `${module}: ${icon}`);
    });
    expect(unused).toEqual([]);
  });
});
