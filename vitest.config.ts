import { defineConfig } from 'vitest/config';

// Two commands run these projects (README): `npm test` runs unit, spec and api, which need nothing but
// `npm ci`; `npm run validate` adds the rest, which need PostgreSQL, PgBouncer, openssl and time.
// API_TEST_DB tells tests/helpers/api.ts which database a project uses. Files named *.postgres.test.ts
// need a server that can go away or be shared, and run on PostgreSQL only; *.process.test.ts start the
// server as a process of its own, and run in validate.
const api = ['tests/api/**/*.test.ts'];
const load = ['tests/load/**/*.test.ts'];
const processes = ['tests/api/**/*.process.test.ts'];
const pglite = { env: { API_TEST_DB: 'pglite' }, globalSetup: ['tests/helpers/pglite-global-setup.ts'] };
const postgres = { env: { API_TEST_DB: 'postgres' }, globalSetup: ['tests/helpers/postgres-global-setup.ts'] };

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Every core (Vitest leaves one idle by default: half of this 2-core machine), and a test file's
    // modules kept for the next file in its worker (each file still gets its own database): the API
    // suite went from 197 s to 87 s here.
    maxWorkers: '100%',
    isolate: false,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      // The shipped copy against the product specification's texts, apart from the unit tests: this one
      // says where a marketer's edit left the specification.
      { extends: true, test: { name: 'spec', include: ['tests/spec/**/*.test.ts'] } },
      // The API in process (Hono's app.request) on embedded PGlite: real SQL, real mail catcher.
      {
        extends: true,
        test: { name: 'api', include: api, exclude: ['tests/**/*.postgres.test.ts', ...processes], ...pglite },
      },
      // The same suite on a PostgreSQL server, with the files that need one.
      { extends: true, test: { name: 'api-postgres', include: [...api, ...load], ...postgres } },
      // Floods and data at size (minutes each), and the API as a process of its own: validate only.
      {
        extends: true,
        test: {
          name: 'validate-pglite',
          include: [...load, ...processes],
          exclude: ['tests/**/*.postgres.test.ts'],
          testTimeout: 600_000,
          ...pglite,
        },
      },
      {
        // Several server processes, PostgreSQL clusters, kill -9 and outages (docs/reliability.md): one file
        // at a time, so that one run's processes do not compete with another's.
        extends: true,
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
        },
      },
    ],
  },
});
