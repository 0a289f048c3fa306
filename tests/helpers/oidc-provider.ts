// Google's mock: oauth2-mock-server on loopback. The authorization code chooses the identity:
// codeFor({ sub, email, ... }) is base64url(JSON) of the claims that the ID token gets, so a test in any
// process can sign in as anyone. A code that is not such JSON is refused like a used code (400).
import { OAuth2Server } from 'oauth2-mock-server';

export const TEST_CLIENT_ID = 'test-client-id.apps.example';
export const TEST_CLIENT_SECRET = 'test-client-secret';

export interface IdClaims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  aud?: string | string[];
  iss?: string;
  /** Seconds since the epoch. */
  exp?: number;
  [claim: string]: unknown;
}

export interface OidcProvider {
  issuer: string;
  tokenUrl: string;
  jwksUrl: string;
  authorizeUrl: string;
  /** GOOGLE_* variables that point the API at this provider. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export function codeFor(claims: IdClaims): string {
  return Buffer.from(JSON.stringify(claims)).toString('base64url');
}

function claimsOf(code: unknown): IdClaims | undefined {
  if (typeof code !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(code, 'base64url').toString('utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as IdClaims) : undefined;
  } catch {
    return undefined;
  }
}

export async function startOidcProvider(): Promise<OidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url!;

  // The redirect flow through the mock's own /authorize (which keeps the PKCE challenge and checks the
  // verifier at the token endpoint, as Google does): login_hint carries codeFor(claims) for the code it issues.
  const issued = new Map<string, IdClaims>();
  const claimsOfCode = (code: unknown) => (typeof code === 'string' ? (issued.get(code) ?? claimsOf(code)) : undefined);
  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: { url?: string }) => {
    const code = redirect.url.searchParams.get('code');
    const claims = claimsOf(new URL(req.url ?? '/', issuer).searchParams.get('login_hint'));
    if (code && claims) issued.set(code, claims);
  });
  server.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: { body: { code?: unknown } }) => {
      const claims = claimsOfCode(req.body.code);
      // The mock looks codes up in a plain object, so 'toString' finds a function "nonce" that cannot be signed.
      if (typeof token.payload.nonce !== 'string') delete token.payload.nonce;
      Object.assign(token.payload, { email_verified: true, name: 'Test User', email: 'user@example.com' }, claims);
    },
  );
  server.service.on(
    'beforeResponse',
    (response: { statusCode: number; body: unknown }, req: { body: { grant_type?: unknown; code?: unknown } }) => {
      if (req.body.grant_type === 'authorization_code' && !claimsOfCode(req.body.code)) {
        response.statusCode = 400;
        response.body = { error: 'invalid_grant' };
      }
    },
  );

  return {
    issuer,
    tokenUrl: `${issuer}/token`,
    jwksUrl: `${issuer}/jwks`,
    authorizeUrl: `${issuer}/authorize`,
    env: {
      GOOGLE_CLIENT_ID: TEST_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: TEST_CLIENT_SECRET,
      GOOGLE_ISSUER: issuer,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_JWKS_URL: `${issuer}/jwks`,
    },
    close: () => server.stop(),
  };
}
