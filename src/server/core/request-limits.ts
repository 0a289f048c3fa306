// Hostile clients are answered, never obeyed. Node parses every request a connection pipelines and hands
// each over at once; it pauses a connection only for answer bytes the client has not taken, which an API
// call still being worked on does not have. So here: a target that is not a path answers 400; a connection
// has at most IN_HAND requests being answered and WAITING more (it is paused meanwhile, answers go out in
// order), the process at most OPEN_API API requests in hand or waiting: beyond either, 503. The waiting
// requests of a connection that closes are dropped unanswered.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export const IN_HAND = 4;
export const WAITING = 60;
export const OPEN_API = 256;

type Exchange = [IncomingMessage, ServerResponse];
interface Connection {
  running: number;
  waiting: Exchange[];
  /** What each open request of this connection does once it is answered, or the connection closes. */
  open: Set<() => void>;
}

function refuse(res: ServerResponse, status: number, message: string) {
  const body = JSON.stringify({ success: false, message });
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}

export function limitRequests(listener: RequestListener, isApi: (target: string) => boolean): RequestListener {
  let openApi = 0;
  const connections = new WeakMap<Socket, Connection>();

  function connectionOf(socket: Socket): Connection {
    const conn = connections.get(socket);
    if (conn) return conn;
    const created: Connection = { running: 0, waiting: [], open: new Set() };
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
      else if (conn.running < IN_HAND) socket.resume();
    });
    listener(req, res);
  }

  return (req, res) => {
    const target = req.url ?? '';
    if (!target.startsWith('/') || target.startsWith('//'))
      return refuse(res, 400, 'The request target must be a path');
    const socket = req.socket;
    const conn = connectionOf(socket);
    const api = isApi(target);
    if (conn.waiting.length >= WAITING || (api && openApi >= OPEN_API)) {
      return refuse(res, 503, 'The server is busy. Please try again shortly.');
    }
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
