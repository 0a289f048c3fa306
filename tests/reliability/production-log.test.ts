// A production server's log, read as a log collector would: one JSON line per request (method, path
// without its query, status, duration, request id), never a token, password or query string; an SMTP
// server that refuses is named at start (SMTP_URL) and every failed delivery is logged with its outbox row.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/server/db/schema.ts';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

const REFUSAL = 'Mail service closed for maintenance';
let postgres: TestPostgres;
let databaseUrl: string;
let smtp: SMTPServer;
let smtpPort: number;
let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'production-log-'));
  postgres = await startPostgres();
  databaseUrl = await postgres.createDatabase();
  // An SMTP server that answers every connection with a 421, as one under maintenance does.
  smtp = new SMTPServer({
    logger: false,
    onConnect: (_session, callback) => callback(Object.assign(new Error(REFUSAL), { responseCode: 421 })),
  });
  smtpPort = await new Promise<number>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => {
      const addr = smtp.server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : 0);
    }),
  );
  server = await startServer({
    env: {
      NODE_ENV: 'production',
      SITE_URL: 'https://agency.example',
      SMTP_URL: `smtp://mailer:smtp-Password-9@127.0.0.1:${smtpPort}`,
      TWO_FACTOR_KEY: 'production-log-test-two-factor-key',
      CONTACT_NOTIFY_EMAIL: 'sales@agency.example',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      OUTBOX_POLL_MS: '100',
      LOG_LEVEL: 'info',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

type Line = Record<string, unknown>;
const lines = (): Line[] =>
  server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);

/** Waits for the log line the server writes when the event happens (bounded, not a fixed wait). */
async function lineWhere(pred: (l: Line) => boolean): Promise<Line> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = lines().find(pred);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no such log line in:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the request log of a production server', () => {
  it('writes one JSON line per request, with the incoming X-Request-Id echoed, no token and no query', async () => {
    const res = await fetch(`${server.url}/api/health?access_token=query-Secret-123`, {
      headers: { 'X-Request-Id': 'lb-7f3a9', Authorization: 'Bearer header-Token-456' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('lb-7f3a9');
    const line = await lineWhere((l) => l.requestId === 'lb-7f3a9');
    expect(line).toMatchObject({ level: 'info', msg: 'request', method: 'GET', path: '/api/health', status: 200 });
    expect(new Date(line.time as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(line.durationMs).toEqual(expect.any(Number));
    expect(lines().filter((l) => l.requestId === 'lb-7f3a9')).toHaveLength(1);

    const signIn = await fetch(`${server.url}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@agency.example', password: 'password-Secret-789' }),
    });
    const generated = signIn.headers.get('x-request-id');
    expect(generated).toMatch(/^[\w-]{16}$/); // 96 random bits, base64url
    expect(await lineWhere((l) => l.requestId === generated)).toMatchObject({
      method: 'POST',
      path: '/api/v1/auth/sign-in',
      status: signIn.status,
    });

    // A forged id (a line break would forge a log line) is replaced, not echoed.
    const forged = await fetch(`${server.url}/`, { headers: { 'X-Request-Id': 'a b' } });
    expect(forged.headers.get('x-request-id')).not.toBe('a b');
    await lineWhere((l) => l.requestId === forged.headers.get('x-request-id') && l.path === '/');

    for (const secret of ['query-Secret-123', 'header-Token-456', 'password-Secret-789', 'access_token'])
      expect(server.output()).not.toContain(secret);
  });
});

describe('mail that cannot be delivered', () => {
  it('is named at start: a warning about SMTP_URL with the server answer, the password masked', async () => {
    const warning = await lineWhere((l) => l.level === 'warn' && String(l.msg).includes('SMTP_URL'));
    expect(warning.msg).toContain(`smtp://mailer:****@127.0.0.1:${smtpPort}`);
    expect(warning.smtp).toContain(REFUSAL);
    expect(server.output()).not.toContain('smtp-Password-9');
  });

  it('logs each failed delivery with its outbox row and the SMTP answer', async () => {
    const res = await fetch(`${server.url}/api/form/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Jane Client',
        email: 'jane@client.example',
        phoneNumber: '+44 20 7946 0000',
        message: 'A new website, please.',
      }),
    });
    expect(res.status).toBe(201);
    const pool = new pg.Pool({ connectionString: databaseUrl });
    try {
      const [row] = await drizzle({ client: pool }).select().from(outbox).where(eq(outbox.to, 'sales@agency.example'));
      const failure = await lineWhere((l) => l.msg === 'mail delivery failed' && l.outboxId === row!.id);
      expect(failure.level).toBe('error');
      expect(failure.smtp).toContain(REFUSAL);
    } finally {
      await pool.end();
    }
    expect(server.output()).not.toMatch(/\n\s+at .*[:(]/);
  });
});
