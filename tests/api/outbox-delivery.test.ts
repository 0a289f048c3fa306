// The outbox's delivery order and Message-IDs, against a real SMTP server on loopback that can refuse
// the first attempt at a mail (a temporary failure, 451) and records the headers of every attempt.
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/server/db/schema.ts';
import { enqueueMail, OUTBOX_LANES, PRIORITY, retryDelayMs } from '../../src/server/mail/outbox.ts';
import { startTestApi, type TestApi } from '../helpers/api.ts';

interface Attempt {
  subject: string;
  messageId: string;
  accepted: boolean;
}

const attempts: Attempt[] = [];
/** Subjects whose first attempt the server refuses. */
const refuseOnce = new Set<string>();
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      const header = (name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(raw)?.[1]?.trim() ?? '';
      const subject = header('Subject');
      const accepted = !refuseOnce.delete(subject);
      attempts.push({ subject, messageId: header('Message-ID'), accepted });
      if (accepted) return callback();
      callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
    });
  },
});

let t: TestApi;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  t = await startTestApi({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Agency <no-reply@agency.example>' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const mail = (subject: string) => ({ to: 'reader@example.com', subject, text: subject, html: `<p>${subject}</p>` });

describe('the outbox', () => {
  it('gives each row one Message-ID, the same on every attempt, and another to each row', async () => {
    refuseOnce.add('Retried once');
    const id = await enqueueMail(t.api.db, t.clock.now(), mail('Retried once'));
    const other = await enqueueMail(t.api.db, t.clock.now(), mail('Sent at once'));
    await t.api.drainOutbox();
    const [row] = await t.api.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ attempts: 1, sentAt: null });
    t.clock.advance(retryDelayMs(1));
    await t.api.drainOutbox();

    const tries = attempts.filter((a) => a.subject === 'Retried once');
    expect(tries.map((a) => a.accepted)).toEqual([false, true]);
    expect(tries[0]!.messageId).toBe(`<${id}@agency.example>`);
    expect(tries[1]!.messageId).toBe(tries[0]!.messageId);
    expect(attempts.find((a) => a.subject === 'Sent at once')?.messageId).toBe(`<${other}@agency.example>`);
  });

  it('sends a notice about an account before bulk mail queued before it', async () => {
    attempts.length = 0;
    const now = t.clock.now();
    // In one transaction, so that the polling worker finds them all at once.
    await t.api.db.transaction(async (tx) => {
      for (let i = 0; i < 40; i++) await enqueueMail(tx, now, mail(`Bulk ${i}`));
      await enqueueMail(tx, now, mail('Password notice'), { priority: PRIORITY.notice });
    });
    await t.api.drainOutbox();
    expect(attempts).toHaveLength(41);
    // The lanes start together, so the notice is among the first mails in, never behind the backlog.
    expect(attempts.findIndex((a) => a.subject === 'Password notice')).toBeLessThan(OUTBOX_LANES);
  });
});
