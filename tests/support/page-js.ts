import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// The JavaScript budget of a public page (DESIGN §6, decision 005), measured on the build
// the same way by the Lighthouse bench and by the browser tests, so a page that grows past
// it fails the tests and not only a bench nobody ran.

/** The framework chunk as pinned (104.2 KB measured) may not grow without a decision. */
export const MAX_FRAMEWORK_JS_KB = 106;
/** The app's own JavaScript on any public page, gzipped. */
export const MAX_APP_JS_KB = 35;

// Static imports in the built chunks (`import{a as b}from"./x.js"`, `import"./x.js"`);
// not `import("./x.js")`, which loads only when the page asks for it.
const STATIC_IMPORT = /(?<![\w$.(])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g;
// React, React DOM, the scheduler and React Router: the `framework` chunk (vite.config.ts).
const isFramework = (src: string) => /^\/assets\/framework-[\w-]+\.js$/.test(src);

export interface PageJs {
  total: number;
  framework: number;
  app: number;
  files: Set<string>;
}

/**
 * Gzipped size (KB) of every script a pre-rendered page loads on its own: the scripts its
 * HTML names (module preloads, the inline module's imports) and, transitively, their
 * static imports. Split into the framework chunk and the rest (the app).
 */
export function gzippedJs(webRoot: string, path: string): PageJs {
  const html = readFileSync(join(webRoot, path, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1] as string);
  const files = new Set<string>();
  while (queue.length) {
    const src = queue.pop() as string;
    if (files.has(src)) continue;
    files.add(src);
    const code = readFileSync(join(webRoot, src), 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT))
      queue.push(`/assets/${(m[1] as string).slice(2)}`);
  }
  let framework = 0;
  let app = 0;
  for (const src of files) {
    const kb = gzipSync(readFileSync(join(webRoot, src)), { level: 9 }).length / 1024;
    if (isFramework(src)) framework += kb;
    else app += kb;
  }
  return { total: framework + app, framework, app, files };
}
