// How the server stops on SIGTERM (process managers) and SIGINT (Ctrl-C, which reaches npm and the server
// together): it stops accepting connections, lets the requests in flight finish, then closes the API
// (outbox, background work, page-view batch, database) and exits 0. Ctrl-C on `npm start` delivers SIGINT
// several times (the terminal's and each npm's forwarded copy): a signal while stopping changes nothing.
import type { Server } from 'node:http';
import { log } from './log.ts';

// Requests still running after this are cut, so that the whole stop stays within a process manager's
// usual 10 s grace period.
const DRAIN_MS = 5_000;

export function stopOnSignals(server: Server, api: { close(): Promise<void> }): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing the requests in flight, then stopping`);
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    // A keep-alive connection becomes idle when its last answer has gone: closed then, not at the cut.
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    server.closeIdleConnections();
    await drained;
    clearInterval(idle);
    clearTimeout(cut);
    try {
      await api.close();
      process.exit(0);
    } catch (err) {
      log.error(`Stopping: ${(err as Error).message}`);
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, (s) => void stop(s));
}
