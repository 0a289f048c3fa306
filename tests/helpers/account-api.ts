// The account API tests' fixture (account, data, passkeys): one API for the test file with an SMTP catcher
// and the Google mock (tests/helpers/oidc-provider.ts), and the steps the account tests share: signing
// in from a named browser, a Google-only account, the current user. `useAccountApi()` (called once at the
// top of a test file) starts them before its tests and closes them after; `t` and `smtp` are then the file's.
import { afterAll, beforeAll, expect } from 'vitest';
import { codeFor, startOidcProvider, type OidcProvider } from './oidc-provider.ts';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.ts';
import { freshIp, startTestApi, type TestApi } from './api.ts';

export const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
export const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The site's address: the mails' links and the passkeys' relying party. */
export const SITE = 'http://localhost:4321';

export let t: TestApi;
export let smtp: SmtpCatcher;
let idp: OidcProvider;

export function useAccountApi() {
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    idp = await startOidcProvider();
    t = await startTestApi({ SMTP_URL: smtp.url, SITE_URL: SITE, ...idp.env });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
    await smtp.close();
  });
}

export async function signIn(acc: { email: string; password: string }, userAgent?: string, ip = freshIp()) {
  const res = await t.call('POST', '/v1/auth/sign-in', {
    body: { email: acc.email, password: acc.password },
    ip,
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

/** An account made through Google that never set a password. */
export async function googleOnly(tag: string) {
  const email = `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await t.call(
    'GET',
    `/v1/auth/google?code=${codeFor({ sub: `sub-${email}`, email, name: 'Google Person' })}`,
    { ip: freshIp() },
  );
  expect(res.status).toBe(200);
  return { token: res.body.token as string, email, id: res.body.user._id as string };
}

export const authed = (token: string) => t.call('GET', '/v1/auth/user', { token });
