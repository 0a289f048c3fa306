// Cold starts through a transaction-mode pooler, as on Netlify with Neon's or Supabase's pooled endpoint:
// PostgreSQL behind PgBouncer (pool_mode = transaction), and 10 Netlify Function containers starting at
// once, each a fresh copy of netlify/functions/api.ts with its own connection pool, each migrating the
// database on its first request. All must answer healthy; sign-up, sign-in and an enquiry must then work
// through the pooler; and PostgreSQL itself (asked directly, not through the pooler) must hold no advisory
// lock and no session idle in a transaction afterwards.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPgBouncer, type TestPgBouncer } from '../helpers/pgbouncer.ts';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';

const STARTS = 10;
const NOTIFY = 'hello@agency.example';
type Handler = typeof import('../../netlify/functions/api.ts').default;

let postgres: TestPostgres;
let bouncer: TestPgBouncer;
let smtp: SmtpCatcher;
let direct: string;
const saved = { ...process.env };

beforeAll(async () => {
  [postgres, smtp] = await Promise.all([startPostgres(), startSmtpCatcher()]);
  direct = await postgres.createDatabase('pooled');
  bouncer = await startPgBouncer(postgres.port);
  Object.assign(process.env, {
    DATABASE_URL: bouncer.url('pooled'),
    SMTP_URL: smtp.url,
    CONTACT_NOTIFY_EMAIL: NOTIFY,
    LOG_LEVEL: 'error',
  });
}, 120_000);

afterAll(async () => {
  process.env = saved;
  await bouncer?.stop();
  await Promise.all([postgres?.stop(), smtp?.close()]);
});

/** What PostgreSQL itself says about sessions and locks, asked on a connection of its own. */
async function serverState() {
  const client = new pg.Client({ connectionString: direct });
  await client.connect();
  try {
    const locks = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'",
    );
    const idleInTx = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'pooled' AND state LIKE 'idle in transaction%'",
    );
    const sessions = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'pooled' AND pid <> pg_backend_pid()",
    );
    const migrations = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    return {
      advisoryLocks: locks.rows[0]!.n,
      idleInTransaction: idleInTx.rows[0]!.n,
      serverSessions: sessions.rows[0]!.n,
      migrations: migrations.rows[0]!.n,
    };
  } finally {
    await client.end();
  }
}

const context = (i: number) => ({
  ip: `203.0.113.${i + 1}`,
  waitUntil: (work: Promise<unknown>) => void handed.push(work),
});
const handed: Promise<unknown>[] = [];

const call = (handler: Handler, i: number, method: string, path: string, body?: unknown) =>
  handler(
    new Request(`https://site.example/api${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    context(i),
  );

describe('10 cold starts through PgBouncer in transaction mode', () => {
  it('all answer healthy within 15 s, then sign-up, sign-in and contact work, and no lock or open transaction is left', async () => {
    // Ten containers: ten fresh copies of the function module, each with its own API (and pool) to build.
    const handlers: Handler[] = [];
    for (let i = 0; i < STARTS; i++) {
      vi.resetModules();
      handlers.push((await import('../../netlify/functions/api.ts')).default);
    }

    const started = performance.now();
    const answers = await Promise.all(
      handlers.map(async (handler, i) => {
        const res = await call(handler, i, 'GET', '/health');
        return { status: res.status, body: await res.json(), ms: Math.round(performance.now() - started) };
      }),
    );
    const allHealthyMs = Math.round(performance.now() - started);
    console.log(
      `cold starts through PgBouncer: ${answers.map((a) => `${a.status}@${a.ms}ms`).join(', ')}; all answered in ${allHealthyMs} ms`,
    );
    expect(answers.map((a) => a.status)).toEqual(Array(STARTS).fill(200));
    for (const a of answers) expect(a.body).toEqual({ status: 'ok', db: 'up' });
    expect(allHealthyMs).toBeLessThan(15_000);

    // The accounts and enquiries of real visitors, each call on another container.
    const email = `pooled-${Date.now()}@example.com`;
    const signup = await call(handlers[0]!, 0, 'POST', '/v1/auth/signup', {
      name: 'Pooled User',
      email,
      password: 'through-the-pooler-1',
    });
    expect(signup.status).toBe(201);
    const signIn = await call(handlers[4]!, 4, 'POST', '/v1/auth/sign-in', { email, password: 'through-the-pooler-1' });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    const me = await handlers[7]!(
      new Request('https://site.example/api/v1/auth/user', { headers: { authorization: `Bearer ${token}` } }),
      context(7),
    );
    expect(((await me.json()) as { userData: { email: string } }).userData.email).toBe(email);
    const message = `Sent through the pooler ${Date.now()}`;
    const contact = await call(handlers[9]!, 9, 'POST', '/form/contact', {
      name: 'Pooled Visitor',
      email: 'visitor@example.com',
      phoneNumber: '+91 80 1234 5678',
      message,
    });
    expect(contact.status).toBe(201);
    await Promise.all(handed);
    expect(smtp.messages.some((m) => m.to === NOTIFY && m.text.includes(message))).toBe(true);

    const state = await serverState();
    console.log(`after the run, PostgreSQL itself: ${JSON.stringify(state)}`);
    expect(state.advisoryLocks).toBe(0);
    expect(state.idleInTransaction).toBe(0);
    // Ten starts, one set of migrations: each applied exactly once.
    const { readMigrationFiles } = await import('drizzle-orm/migrator');
    expect(state.migrations).toBe(readMigrationFiles({ migrationsFolder: 'src/server/db/migrations' }).length);
  }, 120_000);
});
