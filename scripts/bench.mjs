// `npm run bench`: runs each benchmark in bench/ and prints its figures. The web build
// must exist (npm run build). The scheduler and scale benchmarks need DATABASE_URL
// (PostgreSQL).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const only = process.argv[2];
// `scale` seeds millions of rows (minutes): it runs only when named, `npm run bench -- scale`.
const benches = only ? [only] : ['api', 'scheduler', 'lighthouse'];
let failed = false;
for (const name of benches) {
  const file = `bench/${name}.mjs`;
  if (!existsSync(file)) continue;
  console.log(`\n== ${name}`);
  const result = spawnSync('node', [file], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
