// The accounts the audit signs in with: an ordinary user and an admin, made through the real API on the
// audit's own server (the admin promoted by the admin CLI, with the server stopped, as the embedded
// database requires).
import { execFileSync } from 'node:child_process';
import { freePort, startServer, type RunningServer } from '../../tests/helpers/server.ts';

export type Role = 'user' | 'admin';

const PASSWORD = 'audit-password-1';

async function post(serverUrl: string, path: string, body: object): Promise<string> {
  const res = await fetch(`${serverUrl}/api/v1/auth/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} for the audit failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

const signUp = (serverUrl: string, email: string) =>
  post(serverUrl, 'signup', { name: 'Audit User', email, password: PASSWORD });

/**
 * Starts the `npm start` server on `env`, with a token for each role asked for. Its address is a host
 * name, as in production: browsers refuse passkeys on an IP address, which the sign-in page would meet.
 */
export async function serverWithAccounts(
  baseEnv: Record<string, string>,
  roles: Set<Role>,
): Promise<{ server: RunningServer; url: string; tokens: Partial<Record<Role, string>> }> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const env = { ...baseEnv, SITE_URL: url };
  let server = await startServer({ env, port });
  const tokens: Partial<Record<Role, string>> = {};
  if (roles.has('admin')) {
    const email = 'audit-admin@example.com';
    await signUp(url, email);
    await server.stop();
    execFileSync('npx', ['tsx', 'src/server/cli/admin.ts', 'promote', email], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'test', ...env },
    });
    server = await startServer({ env, port });
    tokens.admin = await post(url, 'sign-in', { email, password: PASSWORD });
  }
  if (roles.has('user')) tokens.user = await signUp(url, 'audit-user@example.com');
  return { server, url, tokens };
}
