// vitest globalSetup of the `api-postgres` project: one PostgreSQL server for the run; every test file
// makes its own database on it (tests/helpers/api.ts).
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const pg = await startPostgres();
  project.provide('postgresUrl', pg.url);
  return () => pg.stop();
}
