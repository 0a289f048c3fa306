import { defineConfig } from 'vitest/config';

// The API suite runs twice: on embedded PGlite and on a PostgreSQL server that globalSetup starts.
// API_TEST_DB tells tests/helpers/api.ts which one a project uses. Files named *.postgres.test.ts need
// a server that can go away or be shared, and run on PostgreSQL only.
const apiTests = ['tests/api/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      // The shipped copy against the product specification's texts and counts. Apart from the unit tests:
      // a marketer's edit (a sixth project) passes them, and this one says where the copy left the spec.
      { extends: true, test: { name: 'spec', include: ['tests/spec/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: apiTests,
          exclude: ['tests/api/**/*.postgres.test.ts'],
          env: { API_TEST_DB: 'pglite' },
          globalSetup: ['tests/helpers/pglite-global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: apiTests,
          env: { API_TEST_DB: 'postgres' },
          globalSetup: ['tests/helpers/postgres-global-setup.ts'],
        },
      },
      {
        // Several server processes, PostgreSQL clusters, kill -9 and outages (docs/reliability.md): one file
        // at a time, after the other projects, so that their timings do not compete with the rest.
        extends: true,
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
        },
      },
    ],
  },
});
