// Sends mail with nodemailer: over SMTP_URL when set (a pool of SMTP_CONNECTIONS connections, each reused
// for many mails), otherwise into the dev outbox (printed to the console and written as .eml files under
// <DATA_DIR>/mail/).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Background } from '../core/background.ts';
import type { Config } from '../../config/config.ts';
import { log } from '../core/log.ts';
import type { MailContent } from './templates.ts';

export interface Message extends MailContent {
  to: string;
  /** Where the recipient's answer should go, when not to the sender. */
  replyTo?: string | null;
  /** The same for every attempt at one outbox row, so that mail clients drop a copy sent twice. */
  messageId?: string;
  /** A calendar invite (RFC 5545) sent as the mail's text/calendar part, with its METHOD. */
  calendar?: string | null;
  calendarMethod?: string | null;
}

/** SMTP connections kept open at once (and so mails in flight); most relays accept 5 to 10 per client. */
export const SMTP_CONNECTIONS = 5;

const RETRY_DELAYS_MS = [1_000, 5_000, 15_000];

export class Mailer {
  private readonly transport: Transporter<unknown>;
  /** The sender address's domain, the right-hand side of every Message-ID. */
  private readonly domain: string;

  constructor(
    private readonly config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'logLevel'>,
    readonly company: string,
    private readonly background: Background,
  ) {
    this.transport = config.smtpUrl
      ? nodemailer.createTransport({
          url: config.smtpUrl,
          pool: true,
          maxConnections: SMTP_CONNECTIONS,
          // A relay may cap the mails of one session; a fresh connection after this many stays under it.
          maxMessages: 100,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    this.domain = /@([^\s>@]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? 'localhost';
  }

  /** A Message-ID made from a stable id (an outbox row's). */
  messageId(id: string): string {
    return `<${id}@${this.domain}>`;
  }

  /** Sends now; a failure is logged with the SMTP server's answer (and the outbox row it came from). */
  async send(message: Message, outboxId?: string): Promise<void> {
    const { replyTo, calendar, calendarMethod, ...rest } = message;
    let info: unknown;
    try {
      info = await this.transport.sendMail({
        from: this.config.mailFrom,
        ...rest,
        ...(replyTo ? { replyTo } : {}),
        // nodemailer adds it as an alternative part, text/calendar; method=<METHOD>, which mail clients
        // show as an invitation with its answer buttons.
        ...(calendar ? { icalEvent: { method: calendarMethod ?? 'PUBLISH', content: calendar } } : {}),
      });
    } catch (err) {
      log.error({ outboxId, smtp: smtpAnswer(err) }, 'mail delivery failed');
      throw err;
    }
    if (!this.config.smtpUrl) await this.writeDevCopy(message, (info as { message: Buffer }).message);
  }

  /**
   * Whether SMTP_URL's server accepts a connection (and the login in it): checked at start in production.
   * A warning, not a refusal: mail waits in the outbox, and the site works meanwhile.
   */
  async verify(): Promise<boolean> {
    if (!this.config.smtpUrl) return true;
    try {
      await this.transport.verify();
      return true;
    } catch (err) {
      const url = new URL(this.config.smtpUrl);
      if (url.password) url.password = '****';
      log.warn({ smtp: smtpAnswer(err) }, `SMTP_URL (${url.href}) does not accept mail now: mail waits until it does`);
      return false;
    }
  }

  /**
   * Sends after the reply has gone, with a few quick retries, so that the caller's answer does not depend
   * on whether (or how fast) mail goes out. It is background work: kept alive on platforms that freeze
   * after the reply, and waited for at shutdown.
   */
  sendSoon(message: Message | Promise<Message | undefined>): void {
    const job = (async () => {
      // A promise: the message is still being made (or turns out not to be needed) after the reply.
      const ready = await message;
      if (!ready) return;
      for (let attempt = 0; ; attempt++) {
        try {
          return await this.send(ready);
        } catch {
          const delay = RETRY_DELAYS_MS[attempt];
          // Each failed attempt is logged by send().
          if (delay === undefined) return;
          await new Promise((r) => setTimeout(r, delay));
        }
      }
    })();
    this.background.run(job);
  }

  close(): void {
    this.transport.close();
  }

  private async writeDevCopy(message: Message, raw: Buffer): Promise<void> {
    const dir = path.join(this.config.dataDir, 'mail');
    await mkdir(dir, { recursive: true });
    const file = path.join(
      dir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
    );
    await writeFile(file, raw);
    if (this.config.logLevel === 'info') {
      console.log(`\n[dev mail] to ${message.to}: ${message.subject}\n${message.text}(saved as ${file})\n`);
    }
  }
}

/** What the SMTP server said (its reply line), or why no server could be reached. */
function smtpAnswer(err: unknown): string {
  const { response, message } = err as { response?: string; message?: string };
  return (response ?? message ?? String(err)).slice(0, 500);
}
