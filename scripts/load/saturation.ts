// Part of `npm run bench` (scripts/bench.ts), saturation: autocannon's req/s and p50/p99 for a static
// page and each API call, beside a bare node:http server writing the same answer's bytes from memory (the
// ceiling of this machine and of autocannon reading those bytes: a larger, incompressible body costs the
// client more too).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../tests/helpers/server.ts';
import { run, type RunFigures } from './autocannon-run.ts';
import { connections, contactBody, PAGE, seconds, type Session } from './workload.ts';

export type Row = [target: string, db: string, figures: RunFigures];

/**
 * A bare node:http server answering every request with the bytes our server answers the page with: its
 * headers (as `serverUrl` sent them) and the built page's brotli body, read once.
 */
async function startBaseline(serverUrl: string) {
  const port = await freePort();
  const file = path.join(process.env.DIST_DIR ?? 'dist', PAGE, 'index.html.br');
  const answer = await fetch(`${serverUrl}${PAGE}`, { headers: { 'accept-encoding': 'br' } });
  await answer.arrayBuffer();
  // Node writes these itself, as it does for our server.
  const headers = [...answer.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const b = require('node:fs').readFileSync(${JSON.stringify(file)});
       const h = ${JSON.stringify(Object.fromEntries(headers))};
       require('node:http')
         .createServer((q, s) => s.writeHead(200, h).end(b))
         .listen(${port}, '127.0.0.1', () => console.log('up'))`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

/** The bare node:http server's run: the first row, the baseline of the others. */
export async function saturateBaseline(serverUrl: string): Promise<Row> {
  const baseline = await startBaseline(serverUrl);
  const baselineName = `node:http writing the bytes of our answer to ${PAGE} from memory (baseline)`;
  process.stderr.write(`${baselineName}...\n`);
  const row: Row = [
    baselineName,
    '-',
    await run({ url: baseline.url, headers: { 'accept-encoding': 'br' }, connections, seconds }),
  ];
  baseline.stop();
  return row;
}

export async function saturate(s: Session, db: string, rows: Row[]) {
  const bench = async (name: string, spec: Omit<Parameters<typeof run>[0], 'connections' | 'seconds'>) => {
    process.stderr.write(`${db}: ${name}...\n`);
    rows.push([name, db, await run({ connections, seconds, ...spec })]);
  };
  await bench(`static page GET ${PAGE} (brotli)`, { url: `${s.url}${PAGE}`, headers: { 'accept-encoding': 'br' } });
  // API calls each from an address of their own: one address may hold 16 open API requests.
  await bench('GET /api/health', { url: `${s.url}/api/health`, spreadClients: true });
  await bench('GET /api/v1/auth/user', {
    url: `${s.url}/api/v1/auth/user`,
    headers: { authorization: `Bearer ${s.token}` },
    spreadClients: true,
  });
  await bench('POST /api/form/contact', {
    url: `${s.url}/api/form/contact`,
    method: 'POST',
    body: contactBody,
    spreadClients: true,
  });
  await bench('POST /api/v1/auth/sign-in', {
    url: `${s.url}/api/v1/auth/sign-in`,
    method: 'POST',
    body: () => JSON.stringify({ email: s.email, password: s.password }),
    spreadClients: true,
  });
}

export function printSaturation(rows: Row[]) {
  const base = rows[0]![2].rps;
  console.log(
    `\nSaturation: autocannon, ${connections} connections, ${seconds} s each, loopback; ${new Date().toISOString()}`,
  );
  console.log('| target | database | req/s | p50 ms | p99 ms | vs baseline | errors | non-2xx |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, db, f] of rows) {
    console.log(
      `| ${name} | ${db} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${((f.rps / base) * 100).toFixed(1)}% | ${f.errors} | ${f.non2xx} |`,
    );
  }
}
