// Hostile clients are answered, never obeyed (decisions 091, 164, 165). Node's own timeouts cut slow clients
// (SERVER_TIMEOUTS). Here, in front of the app:
// - a target that is not a path answers 400;
// - the process holds at most OPEN_API open API requests and one client at most CLIENT_API of them (the
//   address the rate limits key on; counted on the path the router sees, so `/%61pi/` is `/api/`): beyond,
//   503 for that client only, while the others' requests go on;
// - a connection has at most IN_HAND requests being answered; more wait their turn, answered in order, and
//   while any wait the connection's further input is not read. Node parses a whole read (up to 64 KiB) at
//   once, so a pipelining client may still hand over many: past WAITING, one more is answered 503 with
//   `Connection: close` and the rest are dropped; the connection ends once its earlier answers are out.
import type { IncomingMessage, RequestListener, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { getPath } from 'hono/utils/url';

export const IN_HAND = 4;
export const WAITING = 60;
export const OPEN_API = 256;
export const CLIENT_API = 16;

/**
 * Headers within 10 s, the whole request within 30 s, else Node answers 408 and closes the connection
 * (checked every second: by default every 30 s, which would let a request run to a minute); an idle
 * keep-alive connection is closed after 5 s.
 */
export const SERVER_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  connectionsCheckingInterval: 1_000,
  keepAliveTimeout: 5_000,
} satisfies ServerOptions;

export interface LimitOptions {
  /** Whether a path, as the router sees it, is the API's. */
  isApi(path: string): boolean;
  /** The client a request counts against. */
  clientOf(req: IncomingMessage): string;
  /** Called for each request that will be answered (served or refused), before anything is written. */
  prepare(req: IncomingMessage, res: ServerResponse): void;
}

/**
 * The path the router sees: @hono/node-server makes the request's URL with the WHATWG parser (dot segments
 * resolved), and Hono decodes its percent-escapes.
 */
export function routedPath(target: string): string {
  try {
    return getPath({ url: new URL(`http://localhost${target}`).href } as Request);
  } catch {
    return target; // the app answers such a target 400 itself
  }
}

type Exchange = [IncomingMessage, ServerResponse];
interface Connection {
  /** Requests read and not yet answered (served or refused). */
  pending: number;
  running: number;
  waiting: Exchange[];
  /** Not read until its waiting requests have been taken in hand. */
  held: boolean;
  /** A pause is due once the read in hand has been parsed. */
  pausing: boolean;
  /** It sent more than it may have waiting: nothing more is read or answered. */
  closing: boolean;
  /** What each open request of this connection does once it is answered, or the connection closes. */
  open: Set<() => void>;
}

function refuse(res: ServerResponse, status: number, message: string, close = false) {
  const body = JSON.stringify({ success: false, message });
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...(close && { connection: 'close' }),
  });
  res.end(body);
}

const BUSY = 'The server is busy. Please try again shortly.';

export function limitRequests(listener: RequestListener, options: LimitOptions): RequestListener {
  let openApi = 0;
  const openByClient = new Map<string, number>();
  const connections = new WeakMap<Socket, Connection>();

  function connectionOf(socket: Socket): Connection {
    const conn = connections.get(socket);
    if (conn) return conn;
    const created: Connection = {
      pending: 0,
      running: 0,
      waiting: [],
      held: false,
      pausing: false,
      closing: false,
      open: new Set(),
    };
    connections.set(socket, created);
    // A response still waiting its turn on a closed connection never emits 'close' itself.
    socket.once('close', () => {
      created.waiting = [];
      for (const settle of created.open) settle();
    });
    return created;
  }

  // Node resumes reading after each request it parses, for the next one; so the pause comes once the read
  // in hand has been parsed (the next tick), and again whenever Node has resumed it.
  function hold(socket: Socket, conn: Connection) {
    if (conn.pausing) return;
    conn.held = conn.pausing = true;
    process.nextTick(() => {
      conn.pausing = false;
      if (conn.held) socket.pause();
    });
  }

  function run(socket: Socket, conn: Connection, [req, res]: Exchange) {
    conn.running++;
    res.once('close', () => {
      conn.running--;
      const next = conn.waiting.shift();
      if (next) run(socket, conn, next);
    });
    listener(req, res);
  }

  function admitApi(client: string): boolean {
    const mine = openByClient.get(client) ?? 0;
    if (openApi >= OPEN_API || mine >= CLIENT_API) return false;
    openApi++;
    openByClient.set(client, mine + 1);
    return true;
  }

  function releaseApi(client: string) {
    openApi--;
    const mine = openByClient.get(client)! - 1;
    if (mine === 0) openByClient.delete(client);
    else openByClient.set(client, mine);
  }

  return (req, res) => {
    const socket = req.socket;
    const conn = connectionOf(socket);
    if (conn.closing) return;
    const target = req.url ?? '';
    if (!target.startsWith('/') || target.startsWith('//')) {
      options.prepare(req, res);
      return refuse(res, 400, 'The request target must be a path');
    }
    conn.pending++;
    res.once('close', () => {
      conn.pending--;
      if (conn.held && !conn.closing && conn.pending <= IN_HAND) {
        conn.held = false;
        socket.resume();
      }
    });
    options.prepare(req, res);
    if (conn.pending > IN_HAND + WAITING) {
      conn.closing = true;
      hold(socket, conn);
      return refuse(res, 503, BUSY, true);
    }
    if (conn.pending > IN_HAND) hold(socket, conn);
    const client = options.isApi(routedPath(target)) ? options.clientOf(req) : null;
    if (client !== null && !admitApi(client)) return refuse(res, 503, BUSY);
    const settle = () => {
      if (conn.open.delete(settle) && client !== null) releaseApi(client);
    };
    conn.open.add(settle);
    res.once('close', settle);
    if (conn.running < IN_HAND) return run(socket, conn, [req, res]);
    conn.waiting.push([req, res]);
  };
}
