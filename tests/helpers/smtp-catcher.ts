// A real SMTP server on loopback that keeps every message it receives, parsed.
// With `dir`, each message is also written there as JSON, for tests in other processes (Playwright).
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  from: string;
  replyTo: string;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  /** The mail's calendar invite (its text/calendar part), when it has one. */
  calendar?: string;
  receivedAt: string;
}

export interface SmtpCatcher {
  /** smtp://127.0.0.1:PORT, ready for SMTP_URL. */
  url: string;
  port: number;
  messages: CaughtMail[];
  /** Keeps every message received from now on unanswered (the sender waits) until release(). */
  hold(): void;
  /** Resolves once a message has arrived and is being held (its sender waits for the answer). */
  held(): Promise<void>;
  /** Answers each message `ms` after it arrived, like a slow relay (0: at once). */
  pace(ms: number): void;
  release(): void;
  waitFor(pred: (m: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

const addressText = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((x) => x.value.map((v) => v.address ?? '')).join(', ');

export async function startSmtpCatcher(opts: { dir?: string; port?: number } = {}): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  let gate: Promise<void> = Promise.resolve();
  let open: (() => void) | undefined;
  const holdWaiters: (() => void)[] = [];
  let paceMs = 0;
  if (opts.dir) await mkdir(opts.dir, { recursive: true });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (open) for (const notify of holdWaiters.splice(0)) notify();
          await gate;
          if (paceMs > 0) await new Promise((r) => setTimeout(r, paceMs));
          const mail: CaughtMail = {
            to: addressText(parsed.to),
            from: addressText(parsed.from),
            replyTo: addressText(parsed.replyTo),
            subject: parsed.subject ?? '',
            messageId: parsed.messageId ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            calendar: parsed.attachments.find((a) => a.contentType === 'text/calendar')?.content.toString('utf8'),
            receivedAt: new Date().toISOString(),
          };
          messages.push(mail);
          if (opts.dir) {
            // Written under another name and renamed: a reader listing the .json files (another process,
            // waitForMailInDir) never opens one half written.
            const file = path.join(opts.dir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
            await writeFile(`${file}.part`, JSON.stringify(mail));
            await rename(`${file}.part`, file);
          }
          for (const wake of waiters) wake();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      const addr = server.server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : 0);
    });
  });

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    hold() {
      if (!open) gate = new Promise((resolve) => (open = resolve));
    },
    held: () => new Promise<void>((resolve) => holdWaiters.push(resolve)),
    pace(ms) {
      paceMs = ms;
    },
    release() {
      open?.();
      open = undefined;
      gate = Promise.resolve();
    },
    waitFor(pred, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(pred);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (have ${messages.length})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls a catcher's `dir` (written by another process) for a matching mail. */
export async function waitForMailInDir(
  dir: string,
  pred: (m: CaughtMail) => boolean,
  timeoutMs = 10_000,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as CaughtMail;
      if (pred(mail)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no matching mail in ${dir} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The 6-digit code in a mail body. */
export function extractCode(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no 6-digit code in: ${text.slice(0, 200)}`);
  return match[1];
}
