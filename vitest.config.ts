import { defineConfig } from 'vitest/config';

// Unit tests run once; API tests (*.api.test.ts) run on the embedded PGlite and, when
// DATABASE_URL is set, again on that PostgreSQL server (DESIGN §5). No react-router plugin
// here: the tests are plain TypeScript.

const api = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    // *.pg.test.ts need a PostgreSQL server (e.g. two instances on one database).
    include: [
      'src/**/*.api.test.ts',
      'tests/api/**/*.test.ts',
      ...(database === 'postgres' ? ['src/**/*.pg.test.ts'] : []),
    ],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    env: { TEST_DATABASE: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.mjs'],
          exclude: ['src/**/*.api.test.ts', 'src/**/*.pg.test.ts'],
          environment: 'node',
        },
      },
      api('api-pglite', 'pglite'),
      ...(process.env.DATABASE_URL ? [api('api-postgres', 'postgres')] : []),
    ],
  },
});
