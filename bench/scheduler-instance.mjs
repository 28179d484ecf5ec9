// One server instance for the benchmarks: the bundle `npm start` runs (docs/decisions/032)
// on PostgreSQL, each instance bundling into a folder of its own.
import { rmSync } from 'node:fs';
import { bundleServer } from '../scripts/server-bundle.mjs';

const folder = `.tmp/server-${process.pid}`;
process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
process.setSourceMapsEnabled(true);
process.env.NODE_ENV ??= 'production';
await import(bundleServer(folder));
