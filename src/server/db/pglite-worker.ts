// The worker thread that owns the embedded PGlite (see pglite-thread.ts, which talks to it). PGlite
// runs PostgreSQL as WebAssembly, synchronously, in whichever thread calls it; here that is this thread,
// so the server's own thread stays free for HTTP while a query runs.
// Statements outside a transaction go to PGlite one at a time, from two lanes (lane.ts): one of the `later`
// lane when no other waits, or after NOW_STREAK others in a row. A transaction's own statements and its end go straight to it (it holds
// PGlite's lock until it ends, so they must not wait behind statements that wait for that lock).
// Plain, type-strippable TypeScript: the thread loads it with or without tsx.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
// Trigram indexes for the admin search boxes (a migration creates the extension).
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Reply, Request } from './pglite-thread.ts';

const { dir } = workerData as { dir: string };
const port = parentPort!;

// Drizzle reads dates and intervals as text and parses them itself (the same parsers it gives PGlite
// when it calls it directly).
const keepText = (value: string) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    keepText,
  ]),
);

const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<unknown> }>();

function reply(message: Reply) {
  port.postMessage(message);
}

function errorReply(id: number, err: unknown): Reply {
  // Own fields of PGlite's DatabaseError (code, detail, constraint...) travel with the message.
  const e = err instanceof Error ? err : new Error(String(err));
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e))
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  return { id, error: { ...fields, name: e.name, message: e.message } };
}

async function begin(id: number) {
  let started!: () => void;
  const ready = new Promise<void>((resolve) => (started = resolve));
  const done = pg.transaction(async (tx) => {
    const commit = await new Promise<boolean>((end) => {
      open.set(id, { tx, end, done });
      started();
    });
    if (!commit) await tx.rollback();
  });
  // BEGIN itself may fail; otherwise the transaction is open once `ready` resolves.
  await Promise.race([ready, done]);
}

async function handle(req: Request): Promise<Reply> {
  switch (req.op) {
    case 'query': {
      const target = req.tx === undefined ? pg : open.get(req.tx)?.tx;
      if (!target) throw new Error('Transaction is closed');
      const r = await target.query(req.sql, req.params, { rowMode: req.rowMode, parsers });
      return { id: req.id, result: { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows } };
    }
    case 'begin':
      await begin(req.id);
      return { id: req.id, tx: req.id };
    case 'end': {
      const entry = open.get(req.tx);
      if (!entry) throw new Error('Transaction is closed');
      open.delete(req.tx);
      entry.end(req.commit);
      await entry.done;
      return { id: req.id };
    }
    case 'close':
      await pg.close();
      return { id: req.id };
  }
}

const lanes = { now: [] as Request[], later: [] as Request[] };
/** While later statements wait, at most this many of the now lane go in a row: a flood of page views
 * delays a report, it cannot stop it. */
const NOW_STREAK = 8;
let streak = 0;
let running = false;

function answer(req: Request): Promise<void> {
  return handle(req).then(reply, (err: unknown) => reply(errorReply(req.id, err)));
}

/** Hands PGlite the next statement, once the one before it is done (or, for BEGIN, has begun). */
async function dispatch() {
  if (running) return;
  const fromLater = lanes.later.length > 0 && (lanes.now.length === 0 || streak >= NOW_STREAK);
  const next = fromLater ? lanes.later.shift() : lanes.now.shift();
  if (!next) return;
  streak = fromLater || lanes.later.length === 0 ? 0 : streak + 1;
  running = true;
  await answer(next);
  running = false;
  void dispatch();
}

const pg = await PGlite.create(dir, { extensions: { pg_trgm } });
port.on('message', (req: Request) => {
  if (req.op === 'end' || (req.op === 'query' && req.tx !== undefined)) {
    void answer(req);
    return;
  }
  lanes[req.op === 'close' ? 'later' : req.lane].push(req);
  void dispatch();
});
reply({ id: 0 });
