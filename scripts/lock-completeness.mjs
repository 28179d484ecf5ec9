// What "a complete lock" means (docs/decisions/010): every optional dependency that any
// locked package lists has its own entry, with the `os`/`cpu`/`libc` that let npm skip it
// on other platforms. npm ci checks every platform's optional binaries against the lock
// (npm/cli#4828), so one missing entry makes it refuse the whole lock as out of sync.

const PLATFORM =
  /(?:^|[-/])(aix|android|darwin|freebsd|linux|netbsd|openbsd|openharmony|sunos|win32|cygwin)-(x64|arm64|arm|ia32|ppc64|riscv64|s390x|loong64|mips64el|wasm32)(?:-(gnu|gnueabihf|musl|musleabihf|msvc|eabi))?$/;

/** The platform a binary package is built for, read from its name (`@rollup/rollup-darwin-arm64`). */
export function platformFromName(name) {
  const match = PLATFORM.exec(name);
  if (!match) return null;
  const [, os, cpu, abi] = match;
  const libc = abi?.startsWith('gnu') ? ['glibc'] : abi?.startsWith('musl') ? ['musl'] : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

/** Where Node would find `name` from the package installed at `from` (a lock path). */
export function resolveInLock(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/** Each optional dependency some locked package lists but the lock has no entry for. */
export function findMissing(lock) {
  const packages = lock.packages ?? {};
  const missing = [];
  for (const [path, entry] of Object.entries(packages)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      if (resolveInLock(packages, path, name)) continue;
      missing.push({ name, range, parent: path, dev: entry.dev === true });
    }
  }
  return missing;
}

// npm's own layout of an entry: version, resolved, integrity first, then the flags sorted,
// then engines; keeping it makes a completed lock diff cleanly against npm's next write.
const LEADING = ['version', 'resolved', 'integrity'];
const TRAILING = ['engines'];
function orderEntry(entry) {
  const keys = Object.keys(entry);
  const flags = keys.filter((key) => !LEADING.includes(key) && !TRAILING.includes(key)).sort();
  const order = [...LEADING, ...flags, ...TRAILING].filter((key) => key in entry);
  return Object.fromEntries(order.map((key) => [key, entry[key]]));
}

function entryFor(item, found) {
  const platform = platformFromName(item.name) ?? {};
  const entry = {
    version: found?.version ?? item.range,
    ...(found?.integrity ? { integrity: found.integrity } : {}),
    cpu: found?.cpu ?? platform.cpu,
    ...(found?.engines ? { engines: found.engines } : {}),
    ...(found?.libc || platform.libc ? { libc: found?.libc ?? platform.libc } : {}),
    ...(found?.license ? { license: found.license } : {}),
    os: found?.os ?? platform.os,
    optional: true,
    ...(item.dev ? { dev: true } : {}),
  };
  if (!entry.os || !entry.cpu) {
    throw new Error(
      `${item.name}@${item.range}: the registry does not know it and its name names no platform; add its entry by hand.`,
    );
  }
  return orderEntry(entry);
}

/**
 * Adds an entry for every missing optional dependency. `lookup(name, range)` answers the
 * registry's metadata ({ version, integrity, os, cpu, libc, license, engines }) or null when the
 * registry lacks that package, in which case the platform is read from its name.
 */
export async function completeLock(lock, lookup) {
  const packages = { ...lock.packages };
  const added = [];
  for (const item of findMissing({ packages })) {
    const hoisted = `node_modules/${item.name}`;
    const path = packages[hoisted]
      ? `${item.parent ? `${item.parent}/` : ''}node_modules/${item.name}`
      : hoisted;
    packages[path] = entryFor(item, await lookup(item.name, item.range));
    added.push(path);
  }
  const sorted = Object.keys(packages).sort((a, b) => a.localeCompare(b, 'en'));
  return {
    lock: { ...lock, packages: Object.fromEntries(sorted.map((key) => [key, packages[key]])) },
    added,
  };
}
