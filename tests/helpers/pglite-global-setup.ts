// vitest globalSetup of the `api` and `validate-pglite` projects: initialising a PGlite data folder takes seconds, so it
// is done once (with the migrations applied) and every test app starts from a copy (tests/helpers/api.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'api-pglite-template-'));
  const database = await openDatabase({ dataDir: dir, databaseUrl: undefined });
  await database.close();
  project.provide('pgliteTemplate', path.join(dir, 'db'));
  return () => rm(dir, { recursive: true, force: true });
}
