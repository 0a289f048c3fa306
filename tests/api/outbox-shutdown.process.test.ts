// SIGTERM while the outbox has a backlog: the `npm start` process finishes the mails in flight, sends no
// other and exits; after a restart the rest goes out, each queued mail exactly once.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { createApi } from '../../src/server/app.ts';
import { enqueueMail } from '../../src/server/mail/outbox.ts';
import { freshDatabaseUrl } from '../helpers/api.ts';
import { startServer } from '../helpers/server.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';

const BACKLOG = 1_000;
/** A slow relay: the backlog takes the pooled outbox at least 20 s, far beyond the shutdown's bound. */
const RELAY_PACE_MS = 100;

let smtp: SmtpCatcher;
let dataDir: string;
let env: Record<string, string>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  dataDir = await mkdtemp(path.join(tmpdir(), 'outbox-shutdown-'));
  const databaseUrl = await freshDatabaseUrl();
  if (!databaseUrl) await cp(inject('pgliteTemplate'), path.join(dataDir, 'db'), { recursive: true });
  env = {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    OUTBOX_POLL_MS: '200',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
});
afterAll(async () => {
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Queues the backlog while no server runs (the embedded database has one process at a time). */
async function queueBacklog(): Promise<void> {
  const api = await createApi(loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }), { pollOutbox: false });
  const now = new Date();
  await api.db.transaction(async (tx) => {
    for (let i = 0; i < BACKLOG; i++) {
      await enqueueMail(tx, now, {
        to: `reader${i}@example.com`,
        subject: `Queued ${i}`,
        text: `Mail ${i}\n`,
        html: `<p>Mail ${i}</p>`,
      });
    }
  });
  await api.close();
}

describe('SIGTERM with a backlog of 1,000 queued mails', () => {
  it('exits within 10 s; after the restart every mail has gone out once', async () => {
    await queueBacklog();
    smtp.pace(RELAY_PACE_MS);
    const first = await startServer({ env });
    await smtp.waitFor(() => smtp.messages.length >= 10, 60_000);
    const signalled = Date.now();
    await first.stop('SIGTERM');
    const exitMs = Date.now() - signalled;
    expect(first.child.exitCode, first.output()).toBe(0);
    expect(exitMs).toBeLessThan(10_000);
    const beforeRestart = smtp.messages.length;
    expect(beforeRestart).toBeLessThan(BACKLOG);

    smtp.pace(0);
    const second = await startServer({ env });
    try {
      await smtp.waitFor(() => smtp.messages.length >= BACKLOG, 90_000);
    } finally {
      await second.stop('SIGTERM');
    }
    const ids = new Set(smtp.messages.map((m) => m.messageId));
    const subjects = new Set(smtp.messages.map((m) => m.subject));
    expect(smtp.messages).toHaveLength(BACKLOG);
    expect(ids.size).toBe(BACKLOG);
    expect(subjects.size).toBe(BACKLOG);
  }, 240_000);
});
