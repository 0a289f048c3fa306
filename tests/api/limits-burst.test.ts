// Limits under bursts: every counted limit is reserved in the database before the work it limits, so 40
// parallel guesses never get more evaluated than the limit allows. Each burst comes from 40 addresses
// (per-address limits out of the way) and counts the answers that could only come from an evaluation: a
// 401 'Invalid credentials'/'Invalid code' was a password or code that was checked and found wrong.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_CHALLENGE_TRIES } from '../../src/server/auth/challenges.ts';
import { MAX_WRONG_TRIES } from '../../src/server/auth/codes.ts';
import { TOO_MANY_FAILURES } from '../../src/server/auth/sign-in-limits.ts';
import { RULES } from '../../src/server/limits/rate-limit-rules.ts';
import { oneTimeCodes } from '../../src/server/db/schema.ts';
import { extractCode } from '../helpers/smtp-catcher.ts';
import { freshIp, signUp, type Account } from '../helpers/api.ts';
import { codeAt, smtp, t, turnOn, useTwoFactorApi, verifiedAccount } from '../helpers/two-factor-api.ts';

const BURST = 40;

useTwoFactorApi();

const signIn = (acc: Account, password: string, ip = freshIp()) =>
  t.call('POST', '/v1/auth/sign-in', { body: { email: acc.email, password }, ip });
const tally = (answers: { status: number; body: { message?: string } }[]) => {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const key = `${a.status} ${a.body.message ?? ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe(`${BURST} parallel guesses`, () => {
  it(`check at most ${RULES.signInFailuresPerAccount.limit} wrong passwords of one account, and the right one inside the burst gets no extra checks`, async () => {
    const acc = await signUp(t);
    const answers = await Promise.all([
      ...Array.from({ length: BURST / 2 }, () => signIn(acc, 'not-the-password-at-all')),
      signIn(acc, acc.password),
      ...Array.from({ length: BURST / 2 }, () => signIn(acc, 'not-the-password-at-all')),
    ]);
    const right = answers[BURST / 2]!;
    const wrong = answers.filter((_, i) => i !== BURST / 2);
    const counts = tally(wrong);
    // Every wrong password was either checked (401) or refused unchecked (429), and no more were checked
    // than the account's failure window has places: 10, or 9 when the right password held the tenth place
    // while the rest of the burst was refused (a right answer gives its place back).
    expect(counts['401 Invalid credentials']).toBeLessThanOrEqual(RULES.signInFailuresPerAccount.limit);
    expect(counts['401 Invalid credentials']).toBeGreaterThanOrEqual(RULES.signInFailuresPerAccount.limit - 1);
    expect((counts['401 Invalid credentials'] ?? 0) + (counts[`429 ${TOO_MANY_FAILURES}`] ?? 0)).toBe(BURST);
    // The right password signed in only with a place of its own (it gave the place back).
    expect([200, 429]).toContain(right.status);
    // One more wrong guess is checked only if the right password had given its place back; then the
    // window is full, and the right password from a new address waits too.
    const extra = await signIn(acc, 'not-the-password-at-all');
    expect(extra.status).toBe(counts['401 Invalid credentials'] === RULES.signInFailuresPerAccount.limit ? 429 : 401);
    expect((await signIn(acc, acc.password)).status).toBe(429);
  });

  it(`judge at most ${MAX_CHALLENGE_TRIES} codes of one two-factor challenge; the right code after them is refused`, async () => {
    const acc = await verifiedAccount();
    const { secret } = await turnOn(acc);
    const code = codeAt(secret, 0);
    const first = await signIn(acc, acc.password);
    expect(first.body.twoFactorRequired).toBe(true);
    const challenge: string = first.body.challenge;

    const answers = await Promise.all(
      Array.from({ length: BURST }, () =>
        t.call('POST', '/v1/auth/two-factor', { body: { challenge, code: wrongOf(code) }, ip: freshIp() }),
      ),
    );
    const counts = tally(answers);
    expect(counts['401 Invalid code']).toBe(MAX_CHALLENGE_TRIES);
    expect(counts['401 This sign-in has expired. Please sign in again.']).toBe(BURST - MAX_CHALLENGE_TRIES);
    const late = await t.call('POST', '/v1/auth/two-factor', { body: { challenge, code }, ip: freshIp() });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe('This sign-in has expired. Please sign in again.');
  });

  it(`compare at most ${MAX_WRONG_TRIES} wrong tries of one mailed code; the right code after them is refused`, async () => {
    const acc = await signUp(t);
    const mark = smtp.messages.length;
    expect((await t.call('POST', '/v1/auth/verify-otp', { token: acc.token, ip: freshIp() })).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === acc.email && smtp.messages.indexOf(m) >= mark);
    const code = extractCode(mail.text);

    const answers = await Promise.all(
      Array.from({ length: BURST }, () =>
        t.call('POST', '/v1/auth/verify-account', { token: acc.token, body: { otp: wrongOf(code) }, ip: freshIp() }),
      ),
    );
    const counts = tally(answers);
    // Tries 1 to 4 answer 'Invalid code', the fifth and every refused one 'Too many wrong attempts'.
    expect(counts['400 Invalid code']).toBe(MAX_WRONG_TRIES - 1);
    expect(counts['400 Too many wrong attempts. Please request a new code.']).toBe(BURST - (MAX_WRONG_TRIES - 1));
    const [row] = await t.api.db
      .select({ attempts: oneTimeCodes.attempts })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, acc.user._id), eq(oneTimeCodes.purpose, 'verify-email')));
    expect(row!.attempts).toBe(MAX_WRONG_TRIES);
    const late = await t.call('POST', '/v1/auth/verify-account', {
      token: acc.token,
      body: { otp: code },
      ip: freshIp(),
    });
    expect(late.status).toBe(400);
  });
});
