// TLS to PostgreSQL as managed providers offer it: a server whose certificate is signed by a CA of their
// own, which neither Node's bundle nor the system's store trusts. Asked for TLS by sslmode=require, the
// default must refuse with a message naming the settings to change; DATABASE_CA (PEM text or a file path)
// must connect with the certificate verified; sslmode=no-verify must connect encrypted without a check.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { startServer } from '../helpers/server.ts';

const run = promisify(execFile);
let dir: string;
let postgres: TestPostgres;
let databaseUrl: string;
let caPem: string;
let otherCaPem: string;

/** A new EC key and, with -x509, a self-signed certificate (a CA); without, a signing request. */
const NEW_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** A CA (key and self-signed certificate) made with openssl. */
async function makeCa(name: string): Promise<{ key: string; cert: string }> {
  const key = path.join(dir, `${name}.key`);
  const cert = path.join(dir, `${name}.crt`);
  await run('openssl', [
    'req',
    '-x509',
    ...NEW_KEY,
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '2',
    '-subj',
    `/CN=${name}`,
  ]);
  return { key, cert };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'db-tls-'));
  const ca = await makeCa('Provider Database CA');
  const other = await makeCa('Some Other CA');
  const key = path.join(dir, 'server.key');
  const csr = path.join(dir, 'server.csr');
  const cert = path.join(dir, 'server.crt');
  const ext = path.join(dir, 'server.ext');
  await writeFile(ext, 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  await run('openssl', ['req', ...NEW_KEY, '-keyout', key, '-out', csr, '-subj', '/CN=127.0.0.1']);
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    csr,
    '-CA',
    ca.cert,
    '-CAkey',
    ca.key,
    '-CAcreateserial',
    '-out',
    cert,
    '-days',
    '2',
    '-extfile',
    ext,
  ]);
  [caPem, otherCaPem] = await Promise.all([readFile(ca.cert, 'utf8'), readFile(other.cert, 'utf8')]);
  // The server sends its whole chain, as providers' servers do.
  const chain = path.join(dir, 'server-chain.crt');
  await writeFile(chain, (await readFile(cert, 'utf8')) + caPem);
  postgres = await startPostgres({ ssl: { certFile: chain, keyFile: key } });
  databaseUrl = await postgres.createDatabase('tls');
}, 120_000);

afterAll(async () => {
  await postgres?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Opens the API's database as the server does (config checked, migrations applied) and reports the session's TLS. */
async function connect(env: Record<string, string>): Promise<{ ssl: boolean; version: string }> {
  const database = await openDatabase(loadConfig({ DATA_DIR: dir, ...env }));
  try {
    const result = await database.db.execute(sql`SELECT ssl, version FROM pg_stat_ssl WHERE pid = pg_backend_pid()`);
    const row = (result as unknown as { rows: { ssl: boolean; version: string }[] }).rows[0]!;
    return { ssl: row.ssl, version: row.version };
  } finally {
    await database.close();
  }
}

describe('TLS to a PostgreSQL with a certificate from a private CA', () => {
  it('by default (sslmode=require) refuses, naming DATABASE_CA and sslmode=no-verify', async () => {
    for (const mode of ['require', 'verify-full']) {
      const attempt = connect({ DATABASE_URL: `${databaseUrl}?sslmode=${mode}` });
      await expect(attempt).rejects.toBeInstanceOf(ConfigError);
      await expect(attempt).rejects.toThrow(
        /Could not verify the database server's TLS certificate \(self-signed certificate in certificate chain\)/,
      );
      await expect(attempt).rejects.toThrow(/Set DATABASE_CA .* or put sslmode=no-verify in DATABASE_URL/);
    }
  });

  it('connects with the certificate verified against DATABASE_CA, given as PEM text or as a file path', async () => {
    const asText = await connect({ DATABASE_URL: `${databaseUrl}?sslmode=require`, DATABASE_CA: caPem });
    const asFile = await connect({
      DATABASE_URL: `${databaseUrl}?sslmode=verify-full`,
      DATABASE_CA: path.join(dir, 'Provider Database CA.crt'),
    });
    // DATABASE_CA alone turns TLS on.
    const implied = await connect({ DATABASE_URL: databaseUrl, DATABASE_CA: caPem });
    console.log(`verified TLS sessions: ${[asText, asFile, implied].map((s) => s.version).join(', ')}`);
    for (const session of [asText, asFile, implied]) expect(session.ssl).toBe(true);
  });

  it('refuses a server whose certificate another CA signed, even with DATABASE_CA set', async () => {
    await expect(connect({ DATABASE_URL: `${databaseUrl}?sslmode=require`, DATABASE_CA: otherCaPem })).rejects.toThrow(
      /Could not verify the database server's TLS certificate/,
    );
  });

  it('connects encrypted without verification when sslmode=no-verify says so', async () => {
    expect(await connect({ DATABASE_URL: `${databaseUrl}?sslmode=no-verify` })).toMatchObject({ ssl: true });
  });

  it('stays plain without sslmode, and refuses an sslmode it does not know, naming DATABASE_URL', async () => {
    expect(await connect({ DATABASE_URL: databaseUrl })).toMatchObject({ ssl: false });
    expect(() => loadConfig({ DATABASE_URL: `${databaseUrl}?sslmode=prefer` })).toThrow(
      /DATABASE_URL: sslmode must be one of disable, require, verify-ca, verify-full, no-verify/,
    );
  });

  it("trusts a CA in the system's store without DATABASE_CA (the server process, with the CA added to OpenSSL's file)", async () => {
    // SSL_CERT_FILE is where OpenSSL, and so Node's view of the system store, finds the system's CAs.
    const server = await startServer({
      env: {
        DATABASE_URL: `${databaseUrl}?sslmode=require`,
        SSL_CERT_FILE: path.join(dir, 'Provider Database CA.crt'),
      },
    });
    try {
      expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ status: 'ok', db: 'up' });
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('the server process stops at start with the same message', async () => {
    const failed = await run(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATABASE_URL: `${databaseUrl}?sslmode=require`, PORT: '0', LOG_LEVEL: 'error' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/Set DATABASE_CA .* or put sslmode=no-verify in DATABASE_URL/);
    expect(failed.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  }, 60_000);
});
