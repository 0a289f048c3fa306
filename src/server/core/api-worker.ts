// The thread that runs the API (see api-thread.ts, the server's side of it): the Hono app, its database
// (PGlite's own thread, or the PostgreSQL pool), the outbox and the background work all live here.
// Each request arrives as a head; its body is asked for a chunk at a time, and the answer goes back as a
// head and chunks, at most RESPONSE_WINDOW chunks ahead of the socket.
import { parentPort, workerData } from 'node:worker_threads';
import { ConfigError, loadConfig } from '../../config/config.ts';
import { DataDirBusyError } from '../db/lock.ts';
import { type FromThread, RESPONSE_WINDOW, type ToThread } from './api-thread.ts';
import { type Api, createApi } from './app.ts';

const port = parentPort!;
const post = (m: FromThread) => port.postMessage(m);

interface Exchange {
  /** The client went away; `cancel` stops the answer's body (an export, its query). */
  aborted: boolean;
  cancel?: () => void;
  /** The body stream's pending pull, answered by the server's next chunk. */
  onBody?: (m: Extract<ToThread, { t: 'body' }>) => void;
  credit: number;
  wake?: () => void;
}

const exchanges = new Map<number, Exchange>();

async function answer(api: Api, m: Extract<ToThread, { t: 'request' }>) {
  const ex: Exchange = { aborted: false, credit: RESPONSE_WINDOW };
  exchanges.set(m.id, ex);
  const headers = new Headers();
  for (let i = 0; i < m.headers.length; i += 2) headers.append(m.headers[i]!, m.headers[i + 1]!);
  const body =
    m.hasBody && m.method !== 'GET' && m.method !== 'HEAD'
      ? new ReadableStream<Uint8Array>({
          pull: (controller) =>
            new Promise<void>((resolve) => {
              ex.onBody = (b) => {
                ex.onBody = undefined;
                if (b.failed) controller.error(new Error('The client stopped sending the body'));
                else if (b.chunk) controller.enqueue(b.chunk);
                else controller.close();
                resolve();
              };
              post({ t: 'pull', id: m.id });
            }),
        })
      : null;
  // The Host header names the origin as the client sees it; a missing or unusable one reads as localhost.
  let url: URL;
  try {
    url = new URL(m.url, `http://${headers.get('host') ?? 'localhost'}`);
  } catch {
    url = new URL(m.url, 'http://localhost');
  }
  // `duplex` (a streamed body) is Node's fetch option, not yet in TypeScript's RequestInit. No AbortSignal:
  // no route reads one, and one per request outlived young-generation collections (decision 030).
  const init = { method: m.method, headers, body, duplex: 'half' } as RequestInit;
  const request = new Request(url, init);
  // What the API reads of Node's request: the client's address (rate limits) and that it came over HTTP.
  const env = { incoming: { socket: { remoteAddress: m.remoteAddress }, headers: {} } };
  const res = await api.app.fetch(request, env);
  if (!exchanges.has(m.id)) return void res.body?.cancel().catch(() => {});
  const head = (hasBody: boolean, whole?: Uint8Array) => {
    const headers = [...res.headers];
    // A whole answer states its length (unless the app did), so the server need not chunk it.
    if (whole && !res.headers.has('content-length')) headers.push(['content-length', `${whole.byteLength}`]);
    post({ t: 'head', id: m.id, status: res.status, headers, hasBody, whole });
  };
  if (!res.body) {
    head(false);
    return void exchanges.delete(m.id);
  }
  const reader = res.body.getReader();
  ex.cancel = () => void reader.cancel().catch(() => {});
  const bytes = (value: Uint8Array | string) => (typeof value === 'string' ? new TextEncoder().encode(value) : value);
  try {
    // A body of one chunk (every JSON answer) goes out whole with its head and length, in one message; a
    // stream, as it comes.
    const first = await reader.read();
    const second = first.done ? first : await reader.read();
    if (second.done) return head(true, first.done ? new Uint8Array() : bytes(first.value));
    head(true);
    const read = [first, second];
    for (let next = read.shift()!; !next.done; next = read.shift() ?? (await reader.read())) {
      if (ex.credit === 0) await new Promise<void>((resolve) => (ex.wake = resolve));
      if (ex.aborted) return;
      ex.credit--;
      post({ t: 'chunk', id: m.id, chunk: bytes(next.value) });
    }
    post({ t: 'end', id: m.id });
  } catch {
    if (!ex.aborted) post({ t: 'end', id: m.id, failed: true });
  } finally {
    exchanges.delete(m.id);
  }
}

function receive(api: Api, m: ToThread) {
  if (m.t === 'request') {
    void answer(api, m).catch(() => {
      // The app answers its own errors (errors.ts); this is the thread failing to, which cuts the connection.
      if (exchanges.delete(m.id)) post({ t: 'end', id: m.id, failed: true });
    });
    return;
  }
  if (m.t === 'close') {
    void api.close().finally(() => post({ t: 'closed' }));
    return;
  }
  const ex = exchanges.get(m.id);
  if (!ex) return;
  if (m.t === 'body') ex.onBody?.(m);
  else if (m.t === 'ack') {
    ex.credit++;
    ex.wake?.();
    ex.wake = undefined;
  } else if (m.t === 'abort') {
    exchanges.delete(m.id);
    ex.aborted = true;
    ex.cancel?.();
    ex.onBody?.({ t: 'body', id: m.id, failed: true });
    ex.wake?.();
  }
}

try {
  const config = loadConfig((workerData as { env: Record<string, string | undefined> }).env);
  const api = await createApi(config);
  port.on('message', (m: ToThread) => receive(api, m));
  post({ t: 'ready' });
  if (config.env === 'production') await api.verifyMail();
} catch (err) {
  // A setting to fix (a database that refuses, a data directory in use) is told in one line; a bug, with its stack.
  const expected = err instanceof ConfigError || err instanceof DataDirBusyError;
  post({ t: 'fatal', message: expected ? (err as Error).message : String((err as Error).stack ?? err) });
}
