// Two `npm start` processes on one PostgreSQL server (the scale-out set-up): sessions and every rate limit
// live in the database, so they hold across processes. Requests alternate between the two; client
// addresses are X-Forwarded-For strings (both run with TRUST_PROXY=true).
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { extractCode, startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';
import { call, makeMiniDist, nextIp, spread, type Answer } from '../../scripts/reliability/common.ts';

let pg: TestPostgres;
let smtp: SmtpCatcher;
let dist: string;
let a: RunningServer;
let b: RunningServer;
/** The two processes, alternately: pick(0) is A, pick(1) is B, pick(2) is A... */
const pick = (i: number) => (i % 2 === 0 ? a : b).url;

beforeAll(async () => {
  [pg, smtp, dist] = await Promise.all([startPostgres(), startSmtpCatcher(), makeMiniDist()]);
  const env = { DATABASE_URL: await pg.createDatabase(), SMTP_URL: smtp.url, DIST_DIR: dist, TRUST_PROXY: 'true' };
  // The first start applies the migrations; the second finds them done.
  a = await startServer({ env });
  b = await startServer({ env });
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([pg?.stop(), smtp?.close(), dist && rm(dist, { recursive: true, force: true })]);
});

let n = 0;
async function signUp(base: string) {
  const email = `multi-${Date.now()}-${n++}@example.com`;
  const password = 'multi-instance-pw-1';
  const res = await call(base, 'POST', '/api/v1/auth/signup', {
    body: { name: 'Multi', email, password },
    ip: nextIp(20),
  });
  expect(res.status).toBe(201);
  return { email, password, token: res.body.token as string };
}

function tally(answers: Answer[]): Record<number, number> {
  const t: Record<number, number> = {};
  for (const r of answers) t[r.status] = (t[r.status] ?? 0) + 1;
  return t;
}

describe('sessions across two API processes on one PostgreSQL', () => {
  it('a token from one process works on the other, and a global sign-out on one ends every session on both', async () => {
    const acc = await signUp(a.url);
    expect((await call(b.url, 'GET', '/api/v1/auth/user', { token: acc.token })).status).toBe(200);
    const second = await call(b.url, 'POST', '/api/v1/auth/sign-in', {
      body: { email: acc.email, password: acc.password },
      ip: nextIp(20),
    });
    expect(second.status).toBe(200);
    expect((await call(a.url, 'GET', '/api/v1/users/user', { token: second.body.token })).status).toBe(200);

    const out = await call(a.url, 'POST', '/api/v1/auth/sign-out', { token: acc.token, body: { scope: 'global' } });
    expect(out.status).toBe(200);
    for (const server of [a, b]) {
      for (const token of [acc.token, second.body.token as string]) {
        expect((await call(server.url, 'GET', '/api/v1/auth/user', { token })).status).toBe(401);
      }
    }
  });
});

describe('rate limits hold across two API processes', () => {
  it('a sign-in flood from one address gets 429 with Retry-After, while other clients are still served', async () => {
    const victim = await signUp(a.url);
    const flooder = nextIp(21);
    // One address and one account: 10 tries a minute, wherever they land.
    const guesses = await spread(13, 3, (i) =>
      call(pick(i), 'POST', '/api/v1/auth/sign-in', {
        body: { email: victim.email, password: `wrong-${i}` },
        ip: flooder,
      }),
    );
    expect(tally(guesses)).toEqual({ 401: 10, 429: 3 });
    const limited = guesses.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ success: false, message: expect.any(String) });

    // One address, many accounts: 100 tries a minute in all.
    const sprayer = nextIp(21);
    const spray = await spread(106, 6, (i) =>
      call(pick(i), 'POST', '/api/v1/auth/sign-in', {
        body: { email: `nobody-${i}@example.com`, password: 'whatever-1' },
        ip: sprayer,
      }),
    );
    expect(tally(spray)).toEqual({ 401: 100, 429: 6 });
    // Even the right password from the flooding address is refused for now...
    const fromSprayer = await call(b.url, 'POST', '/api/v1/auth/sign-in', {
      body: { email: victim.email, password: victim.password },
      ip: sprayer,
    });
    expect(fromSprayer.status).toBe(429);
    // ...and so is the victim's account from anywhere, for 15 minutes after its 10 failures...
    const victimElsewhere = await call(a.url, 'POST', '/api/v1/auth/sign-in', {
      body: { email: victim.email, password: victim.password },
      ip: nextIp(22),
    });
    expect(victimElsewhere.status).toBe(429);
    // ...while everyone else signs in, on either process.
    const bystander = await signUp(b.url);
    for (const server of [a, b]) {
      const other = await call(server.url, 'POST', '/api/v1/auth/sign-in', {
        body: { email: bystander.email, password: bystander.password },
        ip: nextIp(22),
      });
      expect(other.status).toBe(200);
    }
  }, 90_000);

  it('code guessing stops after 5 wrong tries, and a second code mail within the minute is refused', async () => {
    const acc = await signUp(a.url);
    const before = smtp.messages.length;
    expect(
      (await call(a.url, 'POST', '/api/v1/auth/reset-otp', { body: { email: acc.email }, ip: nextIp(23) })).status,
    ).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === acc.email && smtp.messages.indexOf(m) >= before);
    const code = extractCode(mail.text);
    // The e-mail limit: one code mail a minute per address, whichever process is asked.
    const again = await call(b.url, 'POST', '/api/v1/auth/reset-otp', { body: { email: acc.email }, ip: nextIp(23) });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);

    const wrong = code === '000000' ? '111111' : '000000';
    const tries: Answer[] = [];
    for (let i = 0; i < 5; i++) {
      tries.push(
        await call(pick(i), 'POST', '/api/v1/auth/reset-password', {
          body: { email: acc.email, NewPassword: 'taken-over-pw-9', otp: wrong },
          ip: nextIp(23),
        }),
      );
    }
    expect(tries.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    // reset-password gives one answer for every failure, so as not to tell which addresses have codes.
    expect(tries[4]!.body.message).toBe('Invalid or expired code. Please request a new one.');
    // The right code is now void too, on either process.
    const right = await call(b.url, 'POST', '/api/v1/auth/reset-password', {
      body: { email: acc.email, NewPassword: 'taken-over-pw-9', otp: code },
      ip: nextIp(23),
    });
    expect(right.status).toBe(400);
    expect(
      (
        await call(a.url, 'POST', '/api/v1/auth/sign-in', {
          body: { email: acc.email, password: acc.password },
          ip: nextIp(23),
        })
      ).status,
    ).toBe(200);
    expect(smtp.messages.filter((m) => m.to === acc.email)).toHaveLength(1);
  });

  it('a contact flood from one address is limited to 5 a minute across both, with Retry-After', async () => {
    const flooder = nextIp(24);
    const body = { name: 'Flood', email: 'flood@example.com', phoneNumber: '1', message: 'flood' };
    const answers = await spread(9, 3, (i) => call(pick(i), 'POST', '/api/form/contact', { body, ip: flooder }));
    expect(tally(answers)).toEqual({ 201: 5, 429: 4 });
    expect(Number(answers.find((r) => r.status === 429)!.headers.get('retry-after'))).toBeGreaterThan(0);
    for (const server of [a, b]) {
      expect((await call(server.url, 'POST', '/api/form/contact', { body, ip: nextIp(24) })).status).toBe(201);
    }
  });
});
