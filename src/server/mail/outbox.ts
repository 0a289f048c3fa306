// The durable outbox: mails that must not be lost (enquiry notifications, replies, notices about an
// account) are stored first and delivered by this worker with exponential backoff. Rows are claimed with
// SKIP LOCKED, so several API processes can run workers on one PostgreSQL without sending a mail twice.
// Notices about the reader's own account go before bulk mail; a pass sends OUTBOX_LANES mails at once over
// the mailer's pooled connections and stops between mails when the process is told to stop (the rest stays
// queued for the next start). Each row is one Message-ID, kept across retries.
import { randomUUID } from 'node:crypto';
import { type AnyColumn, and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Background } from '../core/background.ts';
import type { Db } from '../db/client.ts';
import { outbox, users } from '../db/schema.ts';
import { SMTP_CONNECTIONS, type Mailer, type Message } from './mailer.ts';
import { log } from '../core/log.ts';

export const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60_000;
// A claimed row is not picked again for this long, even if its process dies mid-send.
const LEASE_MS = 2 * 60_000;
/** Mails in flight at once in one process: one per pooled SMTP connection. */
export const OUTBOX_LANES = SMTP_CONNECTIONS;
/** Rows claimed at a time: enough to keep every lane busy, few enough that a notice never waits long. */
const CLAIM = OUTBOX_LANES * 4;

/** Notices about the reader's own account (password changed, account deleted) go out before bulk mail. */
export const PRIORITY = { notice: 0, bulk: 1 } as const;

export interface Queueing {
  priority?: (typeof PRIORITY)[keyof typeof PRIORITY];
  /** The account a notice is about, so that deleting the account can forget the mail (account/forget.ts). */
  accountId?: string;
}

/** What a delivered mail about a deleted account keeps: the row, its dates and an id, no address or text. */
export const ERASED = '[erased: the account was deleted]';

export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempts - 1));
}

/** Stores a mail for delivery (inside the caller's transaction when given one) and returns its row id. */
export async function enqueueMail(
  db: Pick<Db, 'insert'>,
  now: Date,
  message: Message,
  queueing: Queueing = {},
): Promise<string> {
  const id = randomUUID();
  await db.insert(outbox).values({
    id,
    ...message,
    priority: queueing.priority ?? PRIORITY.bulk,
    accountId: queueing.accountId ?? null,
    nextAttemptAt: now,
    createdAt: now,
  });
  return id;
}

type OutboxRow = typeof outbox.$inferSelect;

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

  /** Lets the mails in flight finish, sends no other, and gives the claimed rest back to the queue. */
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
    while (!this.stopped) {
      const batch = await this.claim();
      if (batch.length === 0) return;
      let next = 0;
      const lane = async () => {
        while (!this.stopped && next < batch.length) await this.deliver(batch[next++]!);
      };
      await Promise.all(Array.from({ length: OUTBOX_LANES }, lane));
      await this.release(batch.slice(next));
    }
  }

  private async claim(): Promise<OutboxRow[]> {
    const now = this.now();
    const due = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt), lte(outbox.nextAttemptAt, now)))
      .orderBy(asc(outbox.priority), asc(outbox.nextAttemptAt))
      .limit(CLAIM)
      .for('update', { skipLocked: true });
    const rows = await this.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(outbox.id, due))
      .returning();
    return rows.sort((a, b) => a.priority - b.priority || a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** Rows claimed but not sent because the worker stopped: due again at once, for the next start. */
  private async release(rows: OutboxRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .update(outbox)
      .set({ nextAttemptAt: this.now() })
      .where(
        and(
          inArray(
            outbox.id,
            rows.map((r) => r.id),
          ),
          isNull(outbox.sentAt),
        ),
      );
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const attempts = row.attempts + 1;
    try {
      await this.mailer.send(
        {
          to: row.to,
          replyTo: row.replyTo,
          subject: row.subject,
          text: row.text,
          html: row.html,
          calendar: row.calendar,
          calendarMethod: row.calendarMethod,
          messageId: this.mailer.messageId(row.id),
        },
        row.id,
      );
      await this.markSent(row, attempts);
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

  /**
   * A notice about an account that was deleted meanwhile (its confirmation, above all) keeps no address
   * or text once it has gone: the same statement erases them.
   */
  private async markSent(row: OutboxRow, attempts: number): Promise<void> {
    const gone = sql`${outbox.accountId} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${outbox.accountId})`;
    const erase = (column: AnyColumn) => sql`CASE WHEN ${gone} THEN ${ERASED} ELSE ${column} END`;
    await this.db
      .update(outbox)
      .set({
        attempts,
        sentAt: this.now(),
        lastError: null,
        to: erase(outbox.to),
        subject: erase(outbox.subject),
        text: erase(outbox.text),
        html: erase(outbox.html),
        calendar: sql`CASE WHEN ${gone} THEN NULL ELSE ${outbox.calendar} END`,
      })
      .where(eq(outbox.id, row.id));
  }
}
