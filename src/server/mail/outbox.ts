// The durable outbox: mails that must not be lost (enquiry notifications) are stored first and delivered
// by this worker with exponential backoff. Rows are claimed with SKIP LOCKED, so several API processes
// can run workers on one PostgreSQL without sending a mail twice.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Background } from '../core/background.ts';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import type { Mailer, Message } from './mailer.ts';
import { log } from '../core/log.ts';

export const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60_000;
// A claimed row is not picked again for this long, even if its process dies mid-send.
const LEASE_MS = 2 * 60_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempts - 1));
}

/** Stores a mail for delivery (inside the caller's transaction when given one) and returns its row id. */
export async function enqueueMail(db: Pick<Db, 'insert'>, now: Date, message: Message): Promise<string> {
  const id = randomUUID();
  await db.insert(outbox).values({ id, ...message, nextAttemptAt: now, createdAt: now });
  return id;
}

export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly now: () => Date,
    private readonly background: Background,
    /** Extra housekeeping run with each pass. */
    private readonly onTick: () => Promise<void> = async () => {},
  ) {}

  /** Polls every pollMs (a long-lived process; a function is drained by a scheduled call instead). */
  start(pollMs: number): void {
    this.timer = setInterval(() => void this.kick(), pollMs);
    this.timer.unref();
    void this.kick();
  }

  /**
   * Runs a delivery pass now, or once more right after the current one, as background work (see
   * background.ts). The promise settles when that pass is over; it never rejects.
   */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (!this.running) {
      this.running = this.pass();
      this.background.run(this.running);
      return this.running;
    }
    this.queued ??= this.running.then(() => {
      this.queued = undefined;
      return this.kick();
    });
    this.background.run(this.queued);
    return this.queued;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.queued;
    await this.running;
  }

  private async pass(): Promise<void> {
    try {
      await this.drain();
    } catch (err) {
      log.error(`Outbox: ${(err as Error).message}`);
    } finally {
      this.running = undefined;
    }
  }

  private async drain(): Promise<void> {
    await this.onTick();
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return;
      for (const row of batch) await this.deliver(row);
    }
  }

  private async claim() {
    const now = this.now();
    const due = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt), lte(outbox.nextAttemptAt, now)))
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(10)
      .for('update', { skipLocked: true });
    return this.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(outbox.id, due))
      .returning();
  }

  private async deliver(row: typeof outbox.$inferSelect): Promise<void> {
    const attempts = row.attempts + 1;
    try {
      await this.mailer.send(
        { to: row.to, replyTo: row.replyTo, subject: row.subject, text: row.text, html: row.html },
        row.id,
      );
      await this.db.update(outbox).set({ attempts, sentAt: this.now(), lastError: null }).where(eq(outbox.id, row.id));
    } catch (err) {
      const now = this.now();
      const giveUp = attempts >= MAX_ATTEMPTS;
      await this.db
        .update(outbox)
        .set({
          attempts,
          lastError: (err as Error).message.slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
          failedAt: giveUp ? now : null,
        })
        .where(eq(outbox.id, row.id));
      if (giveUp) log.error({ outboxId: row.id, attempts }, 'Outbox: giving up on this mail');
    }
  }
}
