// Sends mail with nodemailer: over SMTP_URL when set, otherwise into the dev outbox
// (printed to the console and written as .eml files under <DATA_DIR>/mail/).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Background } from '../core/background.ts';
import type { Config } from '../../config/config.ts';
import type { MailContent } from './templates.ts';

export interface Message extends MailContent {
  to: string;
  /** Where the recipient's answer should go, when not to the sender. */
  replyTo?: string | null;
}

const RETRY_DELAYS_MS = [1_000, 5_000, 15_000];

export class Mailer {
  private readonly transport: Transporter<unknown>;

  constructor(
    private readonly config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'logLevel'>,
    readonly company: string,
    private readonly background: Background,
  ) {
    this.transport = config.smtpUrl
      ? nodemailer.createTransport({
          url: config.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: Message): Promise<void> {
    const { replyTo, ...rest } = message;
    const info = await this.transport.sendMail({
      from: this.config.mailFrom,
      ...rest,
      ...(replyTo ? { replyTo } : {}),
    });
    if (!this.config.smtpUrl) await this.writeDevCopy(message, (info as { message: Buffer }).message);
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
        } catch (err) {
          const delay = RETRY_DELAYS_MS[attempt];
          if (delay === undefined) {
            console.error(`Mail to ${ready.to} failed: ${(err as Error).message}`);
            return;
          }
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
