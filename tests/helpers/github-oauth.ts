// A local mock of GitHub's OAuth web flow (we cannot reach GitHub from the tests): its authorize page
// approves at once, sending the browser back to redirect_uri with a fresh code and the state; its token
// endpoint exchanges a code it issued, once, for the client it knows, and answers like GitHub (200 with
// `error` for a bad code). It records what it was sent.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const GITHUB_CLIENT_ID = 'cms-test-client';
export const GITHUB_CLIENT_SECRET = 'cms-test-secret';

/** The token the mock gives for a code: derived from it, so that a browser test can tell it. */
export const tokenFor = (code: string) => `gho_${createHash('sha256').update(code).digest('hex').slice(0, 36)}`;

export interface GithubOAuth {
  /** The variables that point the API at this mock. */
  env: Record<string, string>;
  /** A code the token endpoint accepts once, and the token it gives for it. */
  grant(): { code: string; token: string };
  /** The bodies the token endpoint received. */
  exchanges: Record<string, string>[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Record<string, string>> {
  let text = '';
  for await (const chunk of req) text += chunk;
  if (req.headers['content-type']?.includes('json')) return JSON.parse(text);
  return Object.fromEntries(new URLSearchParams(text));
}

export async function startGithubOAuth(): Promise<GithubOAuth> {
  const codes = new Map<string, string>();
  const exchanges: Record<string, string>[] = [];
  const grant = () => {
    const code = randomBytes(10).toString('hex');
    const token = tokenFor(code);
    codes.set(code, token);
    return { code, token };
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', grant().code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const body = await readBody(req);
      exchanges.push(body);
      const token = codes.get(body.code ?? '');
      codes.delete(body.code ?? '');
      const known = body.client_id === GITHUB_CLIENT_ID && body.client_secret === GITHUB_CLIENT_SECRET;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          known && token
            ? { access_token: token, token_type: 'bearer', scope: 'repo' }
            : {
                error: known ? 'bad_verification_code' : 'incorrect_client_credentials',
                error_description: known
                  ? 'The code passed is incorrect or expired.'
                  : 'The client_id and/or client_secret passed are incorrect.',
              },
        ),
      );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: {
      CMS_GITHUB_CLIENT_ID: GITHUB_CLIENT_ID,
      CMS_GITHUB_CLIENT_SECRET: GITHUB_CLIENT_SECRET,
      CMS_GITHUB_AUTHORIZE_URL: `${base}/login/oauth/authorize`,
      CMS_GITHUB_TOKEN_URL: `${base}/login/oauth/access_token`,
    },
    grant,
    exchanges,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
