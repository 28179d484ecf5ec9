// `npm start`: builds the web app if there is no build yet, then runs the server in this
// process (TypeScript is loaded through tsx), so signals reach it directly.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { register } from 'tsx/esm/api';

const webRoot = process.env.WEB_ROOT ?? './build/client';
if (!existsSync(resolve(webRoot, '__spa-fallback.html'))) {
  console.log('No web build found: building it once (npm run build)...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

register();
await import('../src/server/main.ts');
