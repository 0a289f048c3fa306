// A throwaway PgBouncer (Debian's package) in front of a test PostgreSQL, in transaction mode: what Neon's
// and Supabase's pooled endpoints are. Each statement outside a transaction may run on another server
// connection, so anything that relies on session state breaks behind it. As root it runs as the `postgres`
// OS user, because PgBouncer refuses to run as root.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { removeOnExit, stopOnExit } from './leftovers.ts';
import { freePort } from './server.ts';

const run = promisify(execFile);

export interface TestPgBouncer {
  port: number;
  /** postgres://postgres@127.0.0.1:PORT/<database>, through the pooler. */
  url(database: string): string;
  stop(): Promise<void>;
}

function binary(): string {
  const found = [process.env.PGBOUNCER_BIN, '/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find(
    (p) => p && existsSync(p),
  );
  if (!found)
    throw new Error("PgBouncer not found: install Debian's pgbouncer package (see .ci/run) or set PGBOUNCER_BIN");
  return found;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startPgBouncer(postgresPort: number, opts: { poolSize?: number } = {}): Promise<TestPgBouncer> {
  const bin = binary();
  const dir = await mkdtemp(path.join(tmpdir(), 'pgbouncer-'));
  const port = await freePort();
  const ini = path.join(dir, 'pgbouncer.ini');
  const pidfile = path.join(dir, 'pgbouncer.pid');
  await writeFile(
    ini,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${postgresPort} user=postgres`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      'max_client_conn = 1000',
      `default_pool_size = ${opts.poolSize ?? 20}`,
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      `pidfile = ${pidfile}`,
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await chown(dir, uid, gid);
    await chown(ini, uid, gid);
  }
  // -d: PgBouncer daemonises once it listens; its pid file tells us whom to stop.
  await (asRoot ? run('runuser', ['-u', 'postgres', '--', bin, '-d', ini]) : run(bin, ['-d', ini]));
  const deadline = Date.now() + 20_000;
  while (!(await listening(port))) {
    if (Date.now() > deadline) {
      const log = await readFile(path.join(dir, 'pgbouncer.log'), 'utf8').catch(() => '');
      throw new Error(`PgBouncer did not listen on ${port}:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const forget = stopOnExit(() => process.kill(Number(readFileSync(pidfile, 'utf8').trim()), 'SIGTERM'));
  removeOnExit(dir);
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop() {
      const pid = Number((await readFile(pidfile, 'utf8').catch(() => '')).trim());
      if (pid) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          /* already gone */
        }
        for (let i = 0; i < 50 && existsSync(`/proc/${pid}`); i++) await new Promise((r) => setTimeout(r, 100));
      }
      forget();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
