// `npm start`: builds the web app if there is no build yet (the first start: about a
// minute, with progress; scripts/start-build.mjs), then runs the server in this process
// (bundled by esbuild first), so signals reach it directly. With a build in place
// it says nothing before the server's own start banner.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { bundleServer } from './server-bundle.mjs';
import { buildWithProgress } from './start-build.mjs';

const webRoot = process.env.WEB_ROOT ?? './build/client';
if (!existsSync(resolve(webRoot, '__spa-fallback.html'))) {
  if (!(await buildWithProgress())) process.exit(1);
}

// The server runs as one bundle made now, in half a second, so it is never older than
// the source (docs/decisions/032); React and the other packages run their production
// builds.
process.env.NODE_ENV ??= 'production';
process.setSourceMapsEnabled(true);
await import(bundleServer());
