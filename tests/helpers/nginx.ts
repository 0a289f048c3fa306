// Debian's nginx (/usr/sbin/nginx) in a temp folder, running deploy/nginx.conf (the production recipe of
// docs/deploy.md) with its placeholders filled in, inside the few main-context lines that Debian's own
// /etc/nginx/nginx.conf would give it; with a self-signed certificate for `localhost` made by openssl.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { killOnExit, removeOnExit } from './leftovers.ts';
import { freePort } from './server.ts';

const run = promisify(execFile);
export const NGINX = '/usr/sbin/nginx';

export interface RunningNginx {
  httpPort: number;
  httpsPort: number;
  /** The certificate nginx presents, for the clients' `ca`. */
  ca: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** nginx in front of `appPorts` (instances on 127.0.0.1), on two free ports of its own. */
export async function startNginx(appPorts: number[]): Promise<RunningNginx> {
  const dir = removeOnExit(await mkdtemp(path.join(tmpdir(), 'nginx-')));
  const cert = path.join(dir, 'localhost.crt');
  const key = path.join(dir, 'localhost.key');
  await run('openssl', [
    'req',
    '-x509',
    ...['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
    ...['-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=localhost'],
    ...['-addext', 'subjectAltName=DNS:localhost'],
  ]);
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const values: Record<string, string> = {
    SITE_HOST: 'localhost',
    HTTPS_ORIGIN: `https://localhost:${httpsPort}`,
    HTTP_LISTEN: `127.0.0.1:${httpPort}`,
    HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
    TLS_CERT: cert,
    TLS_KEY: key,
    APP_SERVERS: appPorts.map((port) => `server 127.0.0.1:${port};`).join(' '),
  };
  const recipe = await readFile(path.join(import.meta.dirname, '../../deploy/nginx.conf'), 'utf8');
  const site = recipe.replace(/\$\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in values)) throw new Error(`deploy/nginx.conf: no value for ${whole}`);
    return values[name]!;
  });
  await writeFile(path.join(dir, 'site.conf'), site);
  // Buffered request bodies go to files that nginx's workers (nobody, when started as root) write.
  const temp = path.join(dir, 'temp');
  await mkdir(temp);
  await chmod(temp, 0o777);
  const main = [
    'worker_processes 1;',
    'worker_rlimit_nofile 8192;',
    `error_log ${dir}/error.log warn;`,
    `pid ${dir}/nginx.pid;`,
    'events { worker_connections 4096; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${temp}/${t};`),
    `  include ${dir}/site.conf;`,
    '}',
  ];
  await writeFile(path.join(dir, 'nginx.conf'), `${main.join('\n')}\n`);
  const child = killOnExit(
    spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' }),
  );
  const deadline = Date.now() + 30_000;
  while (!((await listening(httpPort)) && (await listening(httpsPort)))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
      throw new Error(`nginx did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    httpPort,
    httpsPort,
    ca: await readFile(cert, 'utf8'),
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
