// Keeps package-lock.json complete for every platform (docs/decisions/010):
//   node scripts/complete-lock.mjs          add the missing platform packages' entries
//   node scripts/complete-lock.mjs --check  list them and exit 1 (CI runs this)
// Run it after every dependency change. Entries come from the registry's metadata; a
// package the registry lacks gets its os/cpu/libc from its name, so npm still skips it.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { completeLock, findMissing } from './lock-completeness.mjs';

const LOCK = 'package-lock.json';

function registryLookup(name, range) {
  const fields = ['name', 'version', 'os', 'cpu', 'libc', 'dist.integrity', 'license', 'engines'];
  let answer;
  try {
    const out = execFileSync('npm', ['view', `${name}@${range}`, ...fields, '--json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    answer = JSON.parse(out || 'null');
  } catch {
    return null; // E404: this registry lacks the package; its name gives the platform.
  }
  // Several versions match a range: npm lists them oldest first.
  const meta = Array.isArray(answer) ? answer.at(-1) : answer;
  if (!meta) return null;
  return {
    version: meta.version,
    integrity: meta['dist.integrity'],
    os: meta.os,
    cpu: meta.cpu,
    libc: meta.libc,
    license: meta.license,
    engines: meta.engines,
  };
}

const lock = JSON.parse(readFileSync(LOCK, 'utf8'));

if (process.argv.includes('--check')) {
  const missing = findMissing(lock);
  if (missing.length === 0) {
    console.log(`${LOCK} is complete: every platform's optional packages have an entry.`);
    process.exit(0);
  }
  for (const item of missing)
    console.error(`missing: ${item.name}@${item.range} (for ${item.parent || 'the root'})`);
  console.error(`${LOCK} lacks ${missing.length} entries: run node scripts/complete-lock.mjs`);
  process.exit(1);
}

const { lock: completed, added } = await completeLock(lock, registryLookup);
writeFileSync(LOCK, `${JSON.stringify(completed, null, 2)}\n`);
console.log(
  added.length
    ? `Added ${added.length} entries:\n  ${added.join('\n  ')}`
    : `${LOCK} was complete.`,
);
