import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { completeLock, findMissing, platformFromName } from './lock-completeness.mjs';

// A lock as npm writes it on linux-x64: rollup lists two platform binaries, only one has
// an entry; a nested esbuild (another version than the hoisted one) misses its darwin one.
const fixture = () => ({
  name: 'app',
  lockfileVersion: 3,
  packages: {
    '': { name: 'app', dependencies: { rollup: '4.68.7' } },
    'node_modules/@esbuild/darwin-arm64': {
      version: '0.27.0',
      optional: true,
      os: ['darwin'],
      cpu: ['arm64'],
    },
    'node_modules/@rollup/rollup-linux-x64-gnu': {
      version: '4.68.7',
      cpu: ['x64'],
      libc: ['glibc'],
      optional: true,
      os: ['linux'],
    },
    'node_modules/esbuild': {
      version: '0.27.0',
      optionalDependencies: { '@esbuild/darwin-arm64': '0.27.0' },
    },
    'node_modules/rollup': {
      version: '4.68.7',
      dev: true,
      optionalDependencies: {
        '@rollup/rollup-darwin-arm64': '4.68.7',
        '@rollup/rollup-linux-x64-gnu': '4.68.7',
      },
    },
    'node_modules/vite': { version: '7.0.0', dev: true },
    'node_modules/vite/node_modules/esbuild': {
      version: '0.25.0',
      dev: true,
      optionalDependencies: { '@esbuild/darwin-arm64': '0.25.0' },
    },
  },
});

describe('lock completeness', () => {
  it('finds the optional platform packages that have no entry, wherever Node would look', () => {
    expect(findMissing(fixture())).toEqual([
      {
        name: '@rollup/rollup-darwin-arm64',
        range: '4.68.7',
        parent: 'node_modules/rollup',
        dev: true,
      },
    ]);
  });

  it('adds entries from the registry, or from the name when the registry lacks the package', async () => {
    const lock = fixture();
    lock.packages['node_modules/vite/node_modules/esbuild'].optionalDependencies[
      '@esbuild/linux-arm64'
    ] = '0.25.0';
    delete lock.packages['node_modules/@esbuild/darwin-arm64'];
    const registry = {
      '@esbuild/linux-arm64@0.25.0': {
        version: '0.25.0',
        integrity: 'sha512-abc',
        os: ['linux'],
        cpu: ['arm64'],
        license: 'MIT',
      },
    };
    const { lock: completed, added } = await completeLock(
      lock,
      async (name, range) => registry[`${name}@${range}`] ?? null,
    );

    expect(added).toEqual([
      'node_modules/@esbuild/darwin-arm64',
      'node_modules/@rollup/rollup-darwin-arm64',
      'node_modules/vite/node_modules/esbuild/node_modules/@esbuild/darwin-arm64',
      'node_modules/@esbuild/linux-arm64',
    ]);
    // The registry answered 404: os and cpu come from the name, so npm skips it elsewhere.
    expect(completed.packages['node_modules/@rollup/rollup-darwin-arm64']).toEqual({
      version: '4.68.7',
      cpu: ['arm64'],
      dev: true,
      optional: true,
      os: ['darwin'],
    });
    // The hoisted place is taken by another version: the entry nests under its parent.
    expect(
      completed.packages[
        'node_modules/vite/node_modules/esbuild/node_modules/@esbuild/darwin-arm64'
      ].version,
    ).toBe('0.25.0');
    expect(completed.packages['node_modules/@esbuild/linux-arm64'].integrity).toBe('sha512-abc');
    expect(Object.keys(completed.packages)).toEqual(
      Object.keys(completed.packages).sort((a, b) => a.localeCompare(b, 'en')),
    );
    expect(findMissing(completed)).toEqual([]);
  });

  it('reads glibc and musl builds from the name', () => {
    expect(platformFromName('@rollup/rollup-linux-arm64-musl')).toEqual({
      os: ['linux'],
      cpu: ['arm64'],
      libc: ['musl'],
    });
    expect(platformFromName('@tailwindcss/oxide-win32-x64-msvc')).toEqual({
      os: ['win32'],
      cpu: ['x64'],
    });
    expect(platformFromName('left-pad')).toBeNull();
  });

  it('refuses to guess a package whose name names no platform', async () => {
    const lock = fixture();
    lock.packages['node_modules/rollup'].optionalDependencies.fsevents = '2.3.3';
    await expect(completeLock(lock, async () => null)).rejects.toThrow(/fsevents@2.3.3/);
  });

  it('the committed package-lock.json is complete (run node scripts/complete-lock.mjs)', () => {
    expect(findMissing(JSON.parse(readFileSync('package-lock.json', 'utf8')))).toEqual([]);
  });
});
