import { afterAll } from 'vitest';
import { type BuildOptions, buildApp } from '#server/app.ts';
import type { AppDeps } from '#server/deps.ts';
import { loggerOptions } from '#server/http/logging.ts';

// The real app logging through the server's own logger into `lines`, closed after the
// file's tests: for tests that check what a log holds, and what it never holds.

export async function buildLoggedApp(
  deps: AppDeps,
  options: BuildOptions & { level?: string } = {},
) {
  const { level = 'debug', ...rest } = options;
  const lines: string[] = [];
  const app = await buildApp(deps, {
    ...rest,
    logger: { ...loggerOptions(level), stream: { write: (line: string) => lines.push(line) } },
  });
  afterAll(() => app.close());
  return { app, lines };
}
