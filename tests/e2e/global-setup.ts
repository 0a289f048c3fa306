// Builds the site as `npm start` does (into its own folder, so that a build by someone else cannot swap
// files under a running test), then starts, on a fresh data folder:
//   - a real SMTP catcher (every mail written as JSON to E2E_MAIL_DIR),
//   - the OIDC mock for Google (GOOGLE_* variables of the server),
//   - the OAuth mock of GitHub (CMS_GITHUB_* variables: the editor's sign-in),
//   - the server of `npm start`, with an admin account made through the API (ADMIN_EMAILS).
// Tests read E2E_BASE_URL (Playwright's baseURL), E2E_MAIL_DIR, E2E_BUILD_DIR (the build being served),
// E2E_OIDC_AUTHORIZE_URL, E2E_ADMIN_{EMAIL,PASSWORD} and E2E_UNPRUNED_DIR (the HTML before the postbuild;
// with E2E_DIST_DIR, give it too).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GITHUB_CLIENT_ID, startGithubOAuth } from '../helpers/github-oauth.ts';
import { startOidcProvider, TEST_CLIENT_ID } from '../helpers/oidc-provider.ts';
import { extractCode, startSmtpCatcher } from '../helpers/smtp-catcher.ts';
import { freePort, startServer } from '../helpers/server.ts';
import { ADMIN } from './fixtures/accounts.ts';

/** The repository the editor at /cms/ is built for. */
const E2E_CMS_REPO = 'acme/agency-site';

const npx = (args: string[], env: Record<string, string> = {}) =>
  execFileSync('npx', args, { stdio: 'inherit', env: { ...process.env, ...env } });

export default async function globalSetup() {
  const root = mkdtempSync(path.join(tmpdir(), 'e2e-'));
  const distDir = process.env.E2E_DIST_DIR ?? path.join(root, 'dist');
  if (!process.env.E2E_DIST_DIR) {
    // PUBLIC_ variables are inlined at build time: the Google button needs the mock's client id.
    // The editor at /cms/ is built with a repository and the GitHub sign-in of our API (the mock below).
    // The pages as Astro wrote them, before the post-build step cut each one's CSS, are kept for the pruning
    // test, which compares every element's computed style on both.
    const unpruned = path.join(root, 'unpruned');
    npx(['astro', 'build', '--outDir', distDir], {
      PUBLIC_GOOGLE_CLIENT_ID: TEST_CLIENT_ID,
      CMS_GITHUB_REPO: E2E_CMS_REPO,
      CMS_GITHUB_CLIENT_ID: GITHUB_CLIENT_ID,
      UNPRUNED_HTML_DIR: unpruned,
    });
    process.env.E2E_UNPRUNED_DIR = unpruned;
  }

  const mailDir = path.join(root, 'mail');
  const smtp = await startSmtpCatcher({ dir: mailDir });
  const oidc = await startOidcProvider();
  const github = await startGithubOAuth();
  const port = await freePort();
  const env = {
    DIST_DIR: distDir,
    DATA_DIR: path.join(root, 'data'),
    SMTP_URL: smtp.url,
    // A host name, not an IP address: browsers refuse WebAuthn (passkeys) on IP addresses, and the
    // relying party is SITE_URL's host name.
    SITE_URL: `http://localhost:${port}`,
    // Dozens of sign-ins from one address in a minute are the suite, not an attack.
    RATE_LIMITS: 'off',
    ...oidc.env,
    ...github.env,
  };

  // The admin is named in ADMIN_EMAILS and proves the address as anyone does (the mailed code), which
  // makes the account an admin without a restart; the admin CLI's promotion has tests of its own.
  const server = await startServer({ env: { ...env, ADMIN_EMAILS: ADMIN.email }, port });
  const post = async (url: string, body: unknown, token?: string) => {
    const res = await fetch(`${server.url}/api/v1/auth/${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`admin ${url} failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as { token?: string; user?: { isAdmin: boolean } };
  };
  const { token } = await post('signup', ADMIN);
  await post('verify-otp', {}, token);
  const mail = await smtp.waitFor((m) => m.to === ADMIN.email && /Verify your e-mail/.test(m.subject));
  await post('verify-account', { otp: extractCode(mail.text) }, token);

  process.env.E2E_BASE_URL = env.SITE_URL;
  process.env.E2E_BUILD_DIR = distDir;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_OIDC_AUTHORIZE_URL = oidc.authorizeUrl;
  return async () => {
    await server.stop();
    await oidc.close();
    await github.close();
    await smtp.close();
    // The build, data folder and mails of this run; E2E_KEEP=1 leaves them for a look after a failure.
    if (!process.env.E2E_KEEP) rmSync(root, { recursive: true, force: true });
  };
}
