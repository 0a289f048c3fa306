// Hostile clients are answered, never obeyed. Node parses every request a connection pipelines and hands
// each over at once; it pauses a connection only for answer bytes the client has not taken, which an API
// call still being worked on does not have. So here: a target that is not a path answers 400; a connection
// has at most IN_HAND requests being answered and WAITING more, answered in order; it is paused meanwhile,
// but Node resumes it whenever one of its requests ends, so one more request is answered 503 with
// `Connection: close`, and what it sends after is dropped: it ends once its earlier answers are out. The process holds at most OPEN_API
// API requests, in hand or waiting: 503 beyond. A closed connection's waiting requests are dropped.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export const IN_HAND = 4;
export const WAITING = 60;
export const OPEN_API = 256;

type Exchange = [IncomingMessage, ServerResponse];
interface Connection {
  running: number;
  waiting: Exchange[];
  /** It sent more than it may have open: nothing more is read or answered. */
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

export function limitRequests(listener: RequestListener, isApi: (target: string) => boolean): RequestListener {
  let openApi = 0;
  const connections = new WeakMap<Socket, Connection>();

  function connectionOf(socket: Socket): Connection {
    const conn = connections.get(socket);
    if (conn) return conn;
    const created: Connection = { running: 0, waiting: [], closing: false, open: new Set() };
    connections.set(socket, created);
    // A response still waiting its turn on a closed connection never emits 'close' itself.
    socket.once('close', () => {
      created.waiting = [];
      for (const settle of created.open) settle();
    });
    return created;
  }

  function run(socket: Socket, conn: Connection, [req, res]: Exchange) {
    conn.running++;
    res.once('close', () => {
      conn.running--;
      const next = conn.waiting.shift();
      if (next) run(socket, conn, next);
      else if (conn.running < IN_HAND && !conn.closing) socket.resume();
    });
    listener(req, res);
  }

  return (req, res) => {
    const socket = req.socket;
    const conn = connectionOf(socket);
    if (conn.closing) return;
    const target = req.url ?? '';
    if (!target.startsWith('/') || target.startsWith('//'))
      return refuse(res, 400, 'The request target must be a path');
    if (conn.waiting.length >= WAITING) {
      conn.closing = true;
      socket.pause();
      return refuse(res, 503, BUSY, true);
    }
    const api = isApi(target);
    if (api && openApi >= OPEN_API) return refuse(res, 503, BUSY);
    if (api) openApi++;
    const settle = () => {
      if (conn.open.delete(settle) && api) openApi--;
    };
    conn.open.add(settle);
    res.once('close', settle);
    if (conn.running < IN_HAND) return run(socket, conn, [req, res]);
    conn.waiting.push([req, res]);
    socket.pause();
  };
}
