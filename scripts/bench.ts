// `npm run bench`: requests per second and p50/p99 latency of the `npm start` server on loopback,
// each beside a bare node:http hello-world on the same machine. Bounded: a few seconds per target.
// Run `npm run build` first. BENCH_SECONDS and BENCH_CONNECTIONS adjust the load.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { freePort, startServer } from '../tests/helpers/server.ts';
import { run, type RunFigures } from './load/autocannon-run.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function startBaseline() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => s.end('hello')).listen(${port}, '127.0.0.1', () => console.log('up'))`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

async function argon2PerSecond(): Promise<number> {
  // The API's password-hashing parameters: argon2id, m=19456 KiB, t=2, p=1.
  const started = performance.now();
  let count = 0;
  while (performance.now() - started < 3000) {
    await hash('correct horse battery', { memoryCost: 19456, timeCost: 2, parallelism: 1 });
    count++;
  }
  return count / ((performance.now() - started) / 1000);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
const baseline = await startBaseline();
const server = await startServer({ env: { DATA_DIR: dataDir, TRUST_PROXY: 'true', NODE_ENV: 'development' } });
try {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-password-123';
  const signup = await fetch(`${server.url}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench User', email, password }),
  });
  const { token } = (await signup.json()) as { token: string };

  let n = 0;
  const contact = () =>
    JSON.stringify({
      name: 'Bench',
      email: 'bench@example.com',
      phoneNumber: '+91 98765 43210',
      message: `load ${n++}`,
    });

  const rows: [string, RunFigures][] = [];
  const bench = async (name: string, spec: Omit<Parameters<typeof run>[0], 'connections' | 'seconds'>) => {
    process.stderr.write(`running ${name}...\n`);
    rows.push([name, await run({ connections, seconds, ...spec })]);
  };
  await bench('node:http hello-world (baseline)', { url: baseline.url });
  await bench('static page GET /projects', { url: `${server.url}/projects`, headers: { 'accept-encoding': 'br' } });
  await bench('GET /api/health', { url: `${server.url}/api/health` });
  await bench('GET /api/v1/auth/user', {
    url: `${server.url}/api/v1/auth/user`,
    headers: { authorization: `Bearer ${token}` },
  });
  await bench('POST /api/form/contact', {
    url: `${server.url}/api/form/contact`,
    method: 'POST',
    body: contact,
    spreadClients: true,
  });
  await bench('POST /api/v1/auth/sign-in', {
    url: `${server.url}/api/v1/auth/sign-in`,
    method: 'POST',
    body: () => JSON.stringify({ email, password }),
    spreadClients: true,
  });
  const argon2 = await argon2PerSecond();

  const base = rows[0]![1].rps;
  console.log(`\nautocannon, ${connections} connections, ${seconds} s each, loopback; ${new Date().toISOString()}`);
  console.log('| target | req/s | p50 ms | p99 ms | vs baseline | errors | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, f] of rows) {
    console.log(
      `| ${name} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${((f.rps / base) * 100).toFixed(1)}% | ${f.errors} | ${f.non2xx} |`,
    );
  }
  console.log(`\nargon2id (m=19456 KiB, t=2, p=1) alone, one thread: ${argon2.toFixed(1)} hashes/s`);
} finally {
  await server.stop();
  baseline.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
