// The step-up before adding a sign-in factor, as the owner of the address walks it: ask for the
// add-factor code (POST /api/v1/account/code) and read it from the mail. The code mail limits allow one
// mail to an address a minute, so the clock first moves a minute on.
import { expect } from 'vitest';
import { freshIp, type TestApi } from './api.ts';
import { extractCode, type SmtpCatcher } from './smtp-catcher.ts';

export const STEP_UP = 'Confirm with the code we e-mailed you';
export const VERIFY_FIRST = 'Verify your e-mail address first';
const SUBJECT = /^Confirm adding a sign-in method – /;

/** Mails an add-factor code to the account's address and returns it. */
export async function addFactorCode(t: TestApi, smtp: SmtpCatcher, acc: { token: string; email: string }) {
  t.clock.advance(61_000);
  const before = smtp.messages.length;
  const res = await t.call('POST', '/v1/account/code', {
    token: acc.token,
    body: { purpose: 'add-factor' },
    ip: freshIp(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const mail = await smtp.waitFor(
    (m) => m.to === acc.email && SUBJECT.test(m.subject) && smtp.messages.indexOf(m) >= before,
  );
  return extractCode(mail.text);
}
