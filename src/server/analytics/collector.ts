// Page views are written in batches: one transaction a second, or as soon as a few hundred are waiting,
// so that a stream of beacons costs the database a handful of writes instead of one per view. close()
// writes what is waiting before the server stops. A batch that fails (database away, or too slow: then
// the server rolls it back) is kept and retried whole, under the id it was first given: the id is written
// in the batch's transaction, so a retry after an answer that never came (the commit may have happened)
// finds it and writes nothing twice. Past `maxQueued` the oldest waiting views are dropped, so that an
// outage cannot exhaust the memory.
import { randomUUID } from 'node:crypto';
import { type Db, QUERY_TIMEOUT_MS } from '../db/client.ts';
import { sql } from 'drizzle-orm';
import { ANALYTICS_VIEW_COLUMNS, type AnalyticsViewRow, viewColumnList } from '../db/schema.ts';
import { log } from '../core/log.ts';

export interface CollectorOptions {
  /** Write when this many views are waiting. */
  maxBatch: number;
  /** Write at the latest this long after the first view waits; 0 writes each view before answering. */
  flushMs: number;
  maxQueued: number;
}

/** A batch's insert is cancelled by the server after this long, before the client's own timeout. */
export const WRITE_TIMEOUT_MS = QUERY_TIMEOUT_MS - 2_000;

export const BATCHED: CollectorOptions = { maxBatch: 300, flushMs: 1000, maxQueued: 50_000 };
/** For hosts that may freeze the process once the answer is sent (a serverless function). */
export const WRITE_THROUGH: CollectorOptions = { maxBatch: 1, flushMs: 0, maxQueued: 1000 };

/**
 * One INSERT for the whole batch, its rows as a single JSON parameter that PostgreSQL unpacks: built by
 * Drizzle, a batch of 300 views is 3,300 placeholders made in the server's thread, and the pages wait
 * behind it (docs/decisions/044-first-party-analytics.md).
 */
function insertViews(batch: AnalyticsViewRow[]) {
  const rows = JSON.stringify(
    batch.map((view) =>
      Object.fromEntries(
        ANALYTICS_VIEW_COLUMNS.map(({ key, name }) => {
          const value = view[key];
          return [name, value instanceof Date ? value.toISOString() : (value ?? null)];
        }),
      ),
    ),
  );
  const types = sql.raw(ANALYTICS_VIEW_COLUMNS.map((c) => `${c.name} ${c.type}`).join(', '));
  return sql`INSERT INTO analytics_views (${viewColumnList()})
    SELECT ${viewColumnList()} FROM json_to_recordset(${rows}::json) AS v(${types})`;
}

interface Batch {
  id: string;
  views: AnalyticsViewRow[];
}

export class ViewCollector {
  private queue: AnalyticsViewRow[] = [];
  /** The batch whose write failed: retried first, as it is. */
  private failed: Batch | undefined;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;
  /** After a failed write, only the retry timer writes, not every new view. */
  private retrying = false;

  constructor(
    private readonly db: Db,
    private readonly options: CollectorOptions = BATCHED,
  ) {}

  /** Queues a view; resolves at once, or once it is written when batching is off. */
  add(view: AnalyticsViewRow): Promise<void> {
    this.queue.push(view);
    if (this.queue.length > this.options.maxQueued) {
      this.dropped += this.queue.length - this.options.maxQueued;
      this.queue.splice(0, this.queue.length - this.options.maxQueued);
    }
    if (this.options.flushMs === 0) return this.flush();
    if (this.queue.length >= this.options.maxBatch && !this.retrying) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs).unref();
    return Promise.resolve();
  }

  /** Writes everything queued so far (after any write in progress). Rejects only in write-through mode. */
  flush(): Promise<void> {
    const run = this.writing.then(() => this.write());
    this.writing = run.catch(() => {});
    return this.options.flushMs === 0 ? run : this.writing;
  }

  /** Stops the timer and writes what is waiting; call before the database closes. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
    const left = this.queue.length + (this.failed?.views.length ?? 0);
    if (left > 0) log.error(`Analytics: ${left} page views could not be written before shutdown`);
  }

  private async write(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    // At most maxBatch views a statement: a queue that grew while the database was slow or away (up to
    // maxQueued) is written in statements that each finish well inside the timeout below.
    while (this.failed || this.queue.length > 0) {
      const batch = this.failed ?? { id: randomUUID(), views: this.queue.splice(0, this.options.maxBatch) };
      try {
        await this.db.transaction(async (tx) => {
          // The server gives the batch up before the client would: a batch the client counts as failed was
          // rolled back (a client-side timeout alone left the insert running on the server).
          await tx.execute(sql`SELECT set_config('statement_timeout', ${String(WRITE_TIMEOUT_MS)}, true)`);
          const first = await tx.execute(
            sql`INSERT INTO analytics_batches (id, written_at) VALUES (${batch.id}, now()) ON CONFLICT DO NOTHING RETURNING id`,
          );
          if ((first as unknown as { rows: unknown[] }).rows.length > 0) await tx.execute(insertViews(batch.views));
        });
        this.failed = undefined;
        this.retrying = false;
        if (this.dropped > 0) {
          log.error(`Analytics: ${this.dropped} page views were dropped while the database was unavailable`);
          this.dropped = 0;
        }
      } catch (err) {
        if (this.options.flushMs === 0) {
          this.failed = undefined;
          this.queue = [];
          throw err;
        }
        // Retried after a pause unless more views come first.
        this.failed = batch;
        this.retrying = true;
        this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs * 5).unref();
        return;
      }
    }
  }
}
