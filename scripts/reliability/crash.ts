// The crash run: contact enquiries flow in from many clients, the `npm start` server (embedded PGlite) is
// killed with SIGKILL in the middle, then started again on the same data folder. Every enquiry that got a
// 201 must be stored, and the database must open (the stale data-folder lock of the dead process is taken over).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { removeOnExit } from '../../tests/helpers/leftovers.ts';
import { startServer, type RunningServer } from '../../tests/helpers/server.ts';
import { call, enquiry, nextIp, sleep, storedMessages } from './common.ts';

export interface CrashOptions {
  distDir: string;
  /** Load before the kill, per round. */
  loadMs?: number;
  workers?: number;
  rounds?: number;
  log?: (line: string) => void;
}

export interface CrashRound {
  sent: number;
  acknowledged: number;
  /** Answers other than 201 (and connection failures at the kill), by status or error code. */
  others: Record<string, number>;
  restartMs: number;
  healthAfterRestart: number;
  contactAfterRestart: number;
}

export interface CrashFigures {
  rounds: CrashRound[];
  acknowledged: number;
  stored: number;
  /** Acknowledged but not stored: must be 0. */
  lost: number;
  /** Stored but never acknowledged (written, then the answer died with the process): allowed. */
  unacknowledgedStored: number;
  reopenedCleanly: boolean;
}

const MAX_REQUESTS_PER_ROUND = 20_000;

export async function crashRun(opts: CrashOptions): Promise<CrashFigures> {
  const loadMs = opts.loadMs ?? 3_000;
  const workers = opts.workers ?? 20;
  const log = opts.log ?? (() => {});
  const dataDir = removeOnExit(await mkdtemp(path.join(tmpdir(), 'rel-crash-')));
  const env = { DATA_DIR: dataDir, DIST_DIR: opts.distDir, TRUST_PROXY: 'true' };
  const prefix = `crash-${Date.now()}-`;
  const acknowledged = new Set<string>();
  const rounds: CrashRound[] = [];
  let server: RunningServer | undefined = await startServer({ env });
  try {
    for (let round = 0; round < (opts.rounds ?? 1); round++) {
      const current: RunningServer = server!;
      let stop = false;
      let sent = 0;
      let ack = 0;
      const others: Record<string, number> = {};
      const worker = async (w: number) => {
        for (let i = 0; !stop && sent < MAX_REQUESTS_PER_ROUND; i++) {
          const message = `${prefix}${round}-${w}-${i}`;
          sent++;
          const a = await call(current.url, 'POST', '/api/form/contact', {
            body: enquiry(message),
            ip: nextIp(12),
            timeoutMs: 5_000,
          });
          if (a.status === 201) {
            acknowledged.add(message);
            ack++;
          } else {
            const key = a.error ?? String(a.status);
            others[key] = (others[key] ?? 0) + 1;
          }
        }
      };
      const running = Array.from({ length: workers }, (_, w) => worker(w));
      await sleep(loadMs);
      log(`round ${round + 1}: kill -9 after ${sent} requests, ${ack} acknowledged`);
      await current.stop('SIGKILL');
      stop = true;
      await Promise.all(running);

      const started = performance.now();
      server = await startServer({ env });
      const restartMs = performance.now() - started;
      const health = await call(server.url, 'GET', '/api/health');
      const after = await call(server.url, 'POST', '/api/form/contact', {
        body: enquiry(`after-${prefix}${round}`),
        ip: nextIp(12),
      });
      log(
        `round ${round + 1}: restarted in ${restartMs.toFixed(0)} ms; health ${health.status}; new enquiry ${after.status}`,
      );
      rounds.push({
        sent,
        acknowledged: ack,
        others,
        restartMs,
        healthAfterRestart: health.status,
        contactAfterRestart: after.status,
      });
    }
    await server!.stop();
    server = undefined;
    // The database opens again from another process once the server has stopped.
    const stored = await storedMessages({ dataDir }, prefix);
    const lost = [...acknowledged].filter((m) => !stored.has(m)).length;
    return {
      rounds,
      acknowledged: acknowledged.size,
      stored: stored.size,
      lost,
      unacknowledgedStored: [...stored].filter((m) => !acknowledged.has(m)).length,
      reopenedCleanly: true,
    };
  } finally {
    await server?.stop('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}
