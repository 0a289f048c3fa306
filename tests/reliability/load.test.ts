// A short version of `npm run reliability load`: autocannon with 50 connections on POST contact, the
// current-user call and a static page (3 s each here, 10 s in the script); 0 errors, only 2xx, and every
// 201 is a stored enquiry. autocannon stops at the deadline without reading the answers in flight (one
// per connection at most), so the rows may exceed the 201s by up to the number of connections.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadRun } from '../../scripts/reliability/load.ts';
import { makeMiniDist } from '../../scripts/reliability/common.ts';

let dist: string;
beforeAll(async () => {
  dist = await makeMiniDist();
});
afterAll(() => rm(dist, { recursive: true, force: true }));

it('serves 50 connections with 0 errors and stores every acknowledged enquiry', async () => {
  const f = await loadRun({ distDir: dist, connections: 50, seconds: 3, pagePath: '/projects' });
  for (const [name, r] of Object.entries({ contact: f.contact, currentUser: f.currentUser, page: f.page })) {
    console.log(
      `load ${name}: ${r.requests} requests, ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ${JSON.stringify(r.statusCounts)}`,
    );
    expect(r.errors, name).toBe(0);
    expect(r.non2xx, name).toBe(0);
    expect(r.requests, name).toBeGreaterThan(0);
  }
  expect(f.contact201).toBeGreaterThan(0);
  expect(f.storedRows).toBeGreaterThanOrEqual(f.contact201);
  expect(f.storedRows - f.contact201).toBeLessThanOrEqual(f.connections);
}, 120_000);
