// The embedded PGlite, run in a worker thread (pglite-worker.ts) and reached through messages. PGlite
// executes PostgreSQL synchronously in the calling thread: in the server's own thread every query
// stalled every other request, static pages included, for its whole duration. This client has the
// shape Drizzle's PGlite driver calls (query, transaction), so the rest of the code cannot tell.
// Why a thread, and what was measured: docs/decisions/011-database.md.
import { Worker } from 'node:worker_threads';
import { TableChanges } from './change-clock.ts';
import { type Lane, laneOf } from './lane.ts';

export type Request =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      tx?: number;
      lane: Lane;
    }
  | { id: number; op: 'begin'; lane: Lane }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export type Reply = {
  id: number;
  result?: QueryResult;
  tx?: number;
  error?: Record<string, unknown> & { message: string };
};

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;

interface QueryOptions {
  rowMode?: 'array' | 'object';
}

/** What Drizzle's PGlite driver hands a transaction callback. */
export interface ThreadTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
}

const YOUNG_GENERATION_MB = 8;

/** Thrown into every call once the thread is gone; the API answers 503 (see errors.ts). */
const CLOSED = 'PGlite is closed';

export class PgliteThread {
  private readonly pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  private seq = 0;
  private gone: Error | undefined;
  /** Every statement passes here, so this knows which tables may have changed (change-clock.ts). */
  readonly changes = new TableChanges();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (!waiting) return;
      if (reply.error) waiting.reject(Object.assign(new Error(reply.error.message), reply.error));
      else waiting.resolve(reply);
    });
    const fail = (err: Error) => {
      this.gone ??= new Error(`${CLOSED}: ${err.message}`);
      for (const { reject } of this.pending.values()) reject(this.gone);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`database thread exited with code ${code}`)));
  }

  /** Starts the thread, which answers once PGlite has opened `dir`. */
  static async open(dir: string): Promise<PgliteThread> {
    // Where Node strips TypeScript itself (22.18+), the thread starts without the parent's loader (faster).
    const execArgv = (process.features as { typescript?: unknown }).typescript ? [] : undefined;
    // From source the worker is the .ts beside this file; in the built server (dist-server/) the .js.
    const file = import.meta.url.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.js';
    // A small young generation: each batch of rows the thread parses is garbage as soon as it is posted,
    // and V8's default lets the nursery grow to 48 MB first (a 100k-row export grew the process by 76 MB).
    const resourceLimits = { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB };
    const worker = new Worker(new URL(file, import.meta.url), { workerData: { dir }, execArgv, resourceLimits });
    await new Promise<void>((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      const onExit = (code: number) => reject(new Error(`database thread exited with code ${code} while opening`));
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.once('message', () => {
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve();
      });
    });
    return new PgliteThread(worker);
  }

  private call(req: Distribute<Request>): Promise<Reply> {
    if (this.gone) return Promise.reject(this.gone);
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...req, id });
    });
  }

  async query(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Promise<QueryResult> {
    this.changes.record(sql);
    return (await this.call({ op: 'query', sql, params, rowMode: options.rowMode, tx, lane: laneOf() })).result!;
  }

  /** Other queries wait in the thread until this transaction ends (PGlite has one connection). */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const { tx } = await this.call({ op: 'begin', lane: laneOf() });
    let result: T;
    try {
      result = await fn({ query: (sql, params, options) => this.query(sql, params, options, tx) });
    } catch (err) {
      await this.call({ op: 'end', tx: tx!, commit: false }).catch(() => {});
      throw err;
    }
    await this.call({ op: 'end', tx: tx!, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (!this.gone) await this.call({ op: 'close' });
    await this.worker.terminate();
  }
}
