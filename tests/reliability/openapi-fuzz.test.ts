// The OpenAPI-driven fuzzer (lib/openapi-fuzz.ts) against the `npm start` server over HTTP: every
// operation /api/openapi.json documents, with no token, a user's and an admin's, FUZZ_RUNS cases each
// (100 by default; `FUZZ_RUNS=1000 npm run reliability fuzz` for the long run, which prints the figures).
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeMiniDist } from '../../scripts/reliability/common.ts';
import { openApiFuzzRun } from '../../scripts/reliability/openapi-fuzz.ts';
import { reachedHandlers } from './lib/openapi-fuzz.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
// FUZZ_SEED repeats a run: the seed is printed with the figures.
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

let dist: string;
beforeAll(async () => {
  dist = await makeMiniDist();
});
afterAll(() => rm(dist, { recursive: true, force: true }));

it('answers every generated request with a documented status and body, and a wrong method with 405', async () => {
  const f = await openApiFuzzRun({ distDir: dist, runs: RUNS, seed: SEED });
  console.log(
    `openapi fuzz: ${f.cases} cases over ${Object.keys(f.perOperation).length} operation × token kinds ` +
      `(${RUNS} each), ${f.methodCases} wrong-method requests, ${f.sessionsRenewed} sessions renewed, seed ${SEED}`,
  );
  expect(f.failures).toEqual([]);
  for (const [name, op] of Object.entries(f.perOperation)) {
    expect(op.cases, name).toBe(RUNS);
    expect(op.valid, name).toBeGreaterThan(0);
  }
  expect(f.methodCases).toBeGreaterThan(0);
  // The tokens were real: signed-in kinds reached the handlers (2xx), and the admin's reached admin routes.
  expect(reachedHandlers(f, 'user', '/api/v1/account')).toBe(true);
  expect(reachedHandlers(f, 'admin', '/api/v1/admin/')).toBe(true);
}, 1_200_000);
