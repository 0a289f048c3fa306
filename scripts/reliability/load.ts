// The load run: autocannon, 50 connections for 10 s each (by default) on POST /api/form/contact, the
// current-user call and a static page of the `npm start` server on the embedded database; then the
// server stops and the stored enquiries are counted against the 201 answers. autocannon stops at the
// deadline without reading the answers still in flight (at most one per connection), so
// 201s ≤ stored ≤ 201s + connections: every acknowledged enquiry is stored, and a few more were
// stored whose answer the load tool never read.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../tests/helpers/server.ts';
import { run, type RunFigures } from '../load/autocannon-run.ts';
import { call, countEnquiries } from './common.ts';
import { removeOnExit } from '../../tests/helpers/leftovers.ts';

export interface LoadOptions {
  connections?: number;
  seconds?: number;
  distDir: string;
  pagePath?: string;
  log?: (line: string) => void;
}

export interface LoadFigures {
  contact: RunFigures;
  currentUser: RunFigures;
  page: RunFigures;
  contact201: number;
  storedRows: number;
  connections: number;
}

export async function loadRun(opts: LoadOptions): Promise<LoadFigures> {
  const connections = opts.connections ?? 50;
  const seconds = opts.seconds ?? 10;
  const log = opts.log ?? (() => {});
  const dataDir = removeOnExit(await mkdtemp(path.join(tmpdir(), 'rel-load-')));
  const server = await startServer({ env: { DATA_DIR: dataDir, DIST_DIR: opts.distDir, TRUST_PROXY: 'true' } });
  try {
    const signup = await call(server.url, 'POST', '/api/v1/auth/signup', {
      body: { name: 'Load User', email: `load-${Date.now()}@example.com`, password: 'load-password-123' },
    });
    if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
    const token = signup.body.token as string;
    let n = 0;
    log(`POST /api/form/contact: ${connections} connections, ${seconds} s`);
    const contact = await run({
      url: `${server.url}/api/form/contact`,
      method: 'POST',
      body: () =>
        JSON.stringify({
          name: 'Load',
          email: 'load@example.com',
          phoneNumber: '+91 98765 43210',
          message: `load ${n++}`,
        }),
      spreadClients: true,
      connections,
      seconds,
    });
    log(`GET /api/v1/auth/user: ${connections} connections, ${seconds} s`);
    const currentUser = await run({
      url: `${server.url}/api/v1/auth/user`,
      headers: { authorization: `Bearer ${token}` },
      // Each request from an address of its own: one address may hold 16 open API requests.
      spreadClients: true,
      connections,
      seconds,
    });
    const pagePath = opts.pagePath ?? '/projects';
    log(`GET ${pagePath}: ${connections} connections, ${seconds} s`);
    const page = await run({
      url: `${server.url}${pagePath}`,
      headers: { 'accept-encoding': 'br' },
      connections,
      seconds,
    });
    await server.stop();
    const storedRows = await countEnquiries({ dataDir });
    return { contact, currentUser, page, contact201: contact.statusCounts['201'] ?? 0, storedRows, connections };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
