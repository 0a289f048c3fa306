// The API in a worker thread of its own (api-worker.ts), reached from the server's thread by messages.
// The server's thread then only parses HTTP, answers pages and assets from memory, and copies API
// requests and answers across: an API call's own work (routing, validation, Drizzle, JSON, its garbage)
// runs beside the pages instead of in front of them. Measured with `npm run bench` (mixed), and why a
// thread rather than a process: docs/decisions/011-database.md.
//
// An exchange: the server posts the request's head; the thread asks for the body a chunk at a time (a
// slow or huge upload never piles up); the thread posts the answer's head and its body in chunks, at most
// RESPONSE_WINDOW ahead of what the socket has taken (a 100k-row export streams in constant memory). A
// client that goes away aborts the request in the thread (an export stops its query).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Worker } from 'node:worker_threads';
import { log } from './log.ts';

/** Body chunks the thread may post before the socket has taken the first of them. */
export const RESPONSE_WINDOW = 4;

export type ToThread =
  | {
      t: 'request';
      id: number;
      method: string;
      url: string;
      /** Node's raw headers: name, value, name, value... */
      headers: string[];
      remoteAddress: string;
      hasBody: boolean;
    }
  | { t: 'body'; id: number; chunk?: Uint8Array; failed?: boolean }
  | { t: 'ack'; id: number }
  | { t: 'abort'; id: number }
  | { t: 'close' };

export type FromThread =
  | { t: 'ready' }
  | { t: 'fatal'; message: string }
  | { t: 'pull'; id: number }
  | {
      t: 'head';
      id: number;
      status: number;
      headers: [string, string][];
      hasBody: boolean;
      /** The whole body, when it came in one chunk (then no chunk or end follows). */
      whole?: Uint8Array;
    }
  | { t: 'chunk'; id: number; chunk: Uint8Array }
  | { t: 'end'; id: number; failed?: boolean }
  | { t: 'closed' };

/** The thread failed to start: `message` is its one-line reason, or the stack of a bug. */
export class ApiStartError extends Error {}

interface Exchange {
  incoming: IncomingMessage;
  outgoing: ServerResponse;
  decorate: (outgoing: ServerResponse) => void;
}

/** How much of a body the API answered without reading (a 413, a 401) is read and dropped, and for how long. */
const DISCARD_BYTES = 64 * 1024 * 1024;
const DISCARD_MS = 500;

/**
 * Reads the rest of a body the answer did not need: the client, still sending, then reads the answer
 * (a 413's message) instead of a reset, and the keep-alive connection can carry its next request. A
 * larger or slower one closes the connection instead (as Hono's Node adapter does).
 */
function discardBody(incoming: IncomingMessage) {
  let bytes = 0;
  const cut = () => incoming.socket.destroySoon();
  const timer = setTimeout(cut, DISCARD_MS);
  timer.unref();
  incoming.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > DISCARD_BYTES) cut();
  });
  incoming.once('end', () => clearTimeout(timer));
  incoming.resume();
}

/**
 * The body's next chunk, or null at its end: read in paused mode, so that the stream stays free for
 * discardBody once the answer has gone.
 */
function nextChunk(incoming: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const chunk = incoming.read() as Buffer | null;
      if (chunk !== null || incoming.readableEnded) return done(chunk);
      if (incoming.errored || incoming.destroyed) return done(null, incoming.errored ?? new Error('aborted'));
    };
    const done = (chunk: Buffer | null, err?: Error | null) => {
      incoming.off('readable', attempt);
      incoming.off('end', attempt);
      incoming.off('close', attempt);
      if (err) reject(err);
      else resolve(chunk);
    };
    incoming.on('readable', attempt);
    incoming.on('end', attempt);
    incoming.on('close', attempt);
    attempt();
  });
}

export class ApiThread {
  private readonly open = new Map<number, Exchange>();
  private seq = 0;
  private closed?: () => void;

  private constructor(
    private readonly worker: Worker,
    onExit: (code: number) => void,
  ) {
    worker.on('message', (m: FromThread) => this.receive(m));
    // An error the thread did not catch ends it: told here, and the exit below ends the process.
    worker.on('error', (err: Error) => log.error(`The API thread failed: ${err.stack ?? err.message}`));
    worker.on('exit', (code) => {
      for (const ex of this.open.values()) ex.outgoing.destroy();
      this.open.clear();
      if (!this.closed) onExit(code);
    });
  }

  /**
   * Starts the thread with the environment the server read (`.env` files included), and resolves once
   * the API is ready. `onExit`: the thread ended without being asked (the process should end too).
   */
  static async start(env: Record<string, string | undefined>, onExit: (code: number) => void): Promise<ApiThread> {
    // From source the worker is the .ts beside this file (run through the parent's tsx); built, the .js.
    const file = import.meta.url.endsWith('.ts') ? './api-worker.ts' : './api-worker.js';
    const worker = new Worker(new URL(file, import.meta.url), { workerData: { env } });
    await new Promise<void>((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      const onEarlyExit = (code: number) => reject(new Error(`the API thread exited with code ${code} while starting`));
      worker.once('error', onError);
      worker.once('exit', onEarlyExit);
      const onMessage = (m: FromThread) => {
        if (m.t !== 'ready' && m.t !== 'fatal') return;
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onEarlyExit);
        if (m.t === 'ready') resolve();
        else void worker.terminate().then(() => reject(new ApiStartError(m.message)));
      };
      worker.on('message', onMessage);
    });
    return new ApiThread(worker, onExit);
  }

  /** Answers an API request; `decorate` adds the server's own headers to the answer's. */
  handle(incoming: IncomingMessage, outgoing: ServerResponse, decorate: (outgoing: ServerResponse) => void): void {
    const id = ++this.seq;
    this.open.set(id, { incoming, outgoing, decorate });
    const length = incoming.headers['content-length'];
    this.post({
      t: 'request',
      id,
      method: incoming.method ?? 'GET',
      url: incoming.url ?? '/',
      headers: incoming.rawHeaders,
      remoteAddress: incoming.socket.remoteAddress ?? 'unknown',
      hasBody: (length !== undefined && length !== '0') || incoming.headers['transfer-encoding'] !== undefined,
    });
    // The client went away before the whole answer: the thread stops working on it.
    outgoing.once('close', () => {
      if (this.open.delete(id)) this.post({ t: 'abort', id });
    });
  }

  /** Lets the requests in the thread finish their background work, then stops it (the database closes). */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => {
      this.closed = resolve;
    });
    this.post({ t: 'close' });
    await closed;
    await this.worker.terminate();
  }

  private post(m: ToThread) {
    this.worker.postMessage(m);
  }

  private receive(m: FromThread) {
    if (m.t === 'closed') return this.closed?.();
    if (!('id' in m)) return;
    const ex = this.open.get(m.id);
    if (!ex) return;
    const { outgoing } = ex;
    if (m.t === 'pull') return void this.sendBodyChunk(m.id, ex);
    if (m.t === 'head') {
      const cookies: string[] = [];
      for (const [name, value] of m.headers) {
        if (name === 'set-cookie') cookies.push(value);
        else outgoing.setHeader(name, value);
      }
      if (cookies.length) outgoing.setHeader('set-cookie', cookies);
      ex.decorate(outgoing);
      outgoing.writeHead(m.status);
      // Answered before its body was read (a 413, a 401): the rest is read and dropped from now on.
      if (!ex.incoming.readableEnded) discardBody(ex.incoming);
      if (m.whole) {
        this.open.delete(m.id);
        outgoing.end(m.whole);
      } else if (!m.hasBody) this.finish(m.id, ex);
      return;
    }
    if (m.t === 'chunk') {
      if (outgoing.write(m.chunk)) this.post({ t: 'ack', id: m.id });
      else outgoing.once('drain', () => this.post({ t: 'ack', id: m.id }));
      return;
    }
    if (m.t === 'end') {
      // A body that failed half-way must not look whole to the client: the connection is cut instead.
      if (m.failed) {
        this.open.delete(m.id);
        outgoing.destroy();
      } else this.finish(m.id, ex);
    }
  }

  private finish(id: number, ex: Exchange) {
    this.open.delete(id);
    ex.outgoing.end();
  }

  private async sendBodyChunk(id: number, ex: Exchange) {
    try {
      const chunk = await nextChunk(ex.incoming);
      // A copy: Node's chunk may be a view on a pooled buffer that it reuses.
      this.post({ t: 'body', id, chunk: chunk ? new Uint8Array(chunk) : undefined });
    } catch {
      this.post({ t: 'body', id, failed: true });
    }
  }
}
