// `npm start`: builds the web app if there is no build yet, then runs the server in this
// process (TypeScript is loaded through tsx), so signals reach it directly. The build's
// own output (a few hundred lines) is kept back and shown only if the build fails.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { register } from 'tsx/esm/api';

const webRoot = process.env.WEB_ROOT ?? './build/client';
if (!existsSync(resolve(webRoot, '__spa-fallback.html'))) {
  process.stdout.write('Building the web app… ');
  const started = performance.now();
  // One file for stdout and stderr keeps their lines in order for the failure report.
  const logDir = mkdtempSync(join(tmpdir(), 'web-build-'));
  const logFile = join(logDir, 'build.log');
  const fd = openSync(logFile, 'w');
  const result = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', fd, fd] });
  closeSync(fd);
  if (result.status !== 0) {
    console.log('failed:\n');
    process.stdout.write(readFileSync(logFile, 'utf8'));
    if (result.error) console.error(result.error.message);
    rmSync(logDir, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
  rmSync(logDir, { recursive: true, force: true });
  console.log(`done in ${Math.round((performance.now() - started) / 1000)} s`);
}

register();
await import('../src/server/main.ts');
