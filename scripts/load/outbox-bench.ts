// The mail outbox's throughput: `mails` rows queued at once, then one delivery pass of the real worker
// (with its real nodemailer transport) to the tests' SMTP catcher on loopback, on PGlite and on a
// throwaway PostgreSQL server. Mails per second from the pass's start until the catcher holds them all.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createApi } from '../../src/server/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { enqueueMail } from '../../src/server/mail/outbox.ts';
import { startPostgres } from '../../tests/helpers/postgres.ts';
import { startSmtpCatcher } from '../../tests/helpers/smtp-catcher.ts';

export interface OutboxFigures {
  mails: number;
  seconds: number;
  perSecond: number;
}

export async function outboxThroughput(mails: number, databaseUrl?: string): Promise<OutboxFigures> {
  const smtp = await startSmtpCatcher();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'outbox-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const api = await createApi(config, { pollOutbox: false });
  try {
    const now = new Date();
    for (let i = 0; i < mails; i++) {
      await enqueueMail(api.db, now, {
        to: `reader${i}@example.com`,
        subject: `Notice ${i}`,
        text: `Mail number ${i} of the outbox benchmark.\n`,
        html: `<p>Mail number ${i} of the outbox benchmark.</p>`,
      });
    }
    const started = performance.now();
    await api.drainOutbox();
    const seconds = (performance.now() - started) / 1000;
    if (smtp.messages.length !== mails) throw new Error(`the catcher got ${smtp.messages.length} of ${mails} mails`);
    return { mails, seconds, perSecond: mails / seconds };
  } finally {
    await api.close();
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Prints the outbox's figures, for `npm run bench`. */
export async function printOutboxBench(mails = Number(process.env.BENCH_OUTBOX_MAILS ?? 1000)): Promise<void> {
  const postgres = await startPostgres();
  const figures: Array<[string, OutboxFigures]> = [];
  try {
    process.stderr.write('outbox on PGlite...\n');
    figures.push(['PGlite', await outboxThroughput(mails)]);
    process.stderr.write('outbox on PostgreSQL...\n');
    figures.push(['PostgreSQL', await outboxThroughput(mails, await postgres.createDatabase())]);
  } finally {
    await postgres.stop();
  }
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  console.log(
    `\nOutbox: ${mails} queued mails delivered to a local SMTP catcher (goal: at least 100 a second); load average ${load}`,
  );
  console.log('| database | mails | seconds | mails/s |');
  console.log('|---|---:|---:|---:|');
  for (const [db, f] of figures) {
    console.log(`| ${db} | ${f.mails} | ${f.seconds.toFixed(1)} | ${f.perSecond.toFixed(0)} |`);
  }
}
