// Google sign-in, server side: exchange the authorization code at the token endpoint, then verify the
// ID token against the provider's keys (issuer, audience, expiry, email_verified).
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from '../../lib/schemas/zod.ts';
import type { Config } from '../../config/config.ts';
import { ApiError } from '../core/errors.ts';

export type GoogleConfig = NonNullable<Config['google']>;

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

const SIGN_IN_FAILED = 'Google sign-in failed. Please try again.';

export class GoogleVerifier {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly google: GoogleConfig,
    private readonly now: () => Date,
  ) {
    this.jwks = createRemoteJWKSet(new URL(google.jwksUrl), { timeoutDuration: 5_000 });
  }

  /** `codeVerifier`: the PKCE secret of a redirect flow the browser started with a code_challenge. */
  async identify(code: string, redirectUri: string, codeVerifier?: string): Promise<GoogleIdentity> {
    const idToken = await this.exchange(code, redirectUri, codeVerifier);
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(idToken, this.jwks, {
        issuer: this.google.issuer,
        audience: this.google.clientId,
        currentDate: this.now(),
        requiredClaims: ['sub', 'exp'],
      }));
    } catch {
      throw new ApiError(401, SIGN_IN_FAILED);
    }
    const { sub, email, name, email_verified: verified } = payload;
    if (typeof sub !== 'string' || !z.email().safeParse(email).success) throw new ApiError(401, SIGN_IN_FAILED);
    if (verified !== true && verified !== 'true') {
      throw new ApiError(401, 'Your Google e-mail address is not verified.');
    }
    return {
      sub,
      email: email as string,
      name: typeof name === 'string' && name.trim() ? name.trim() : (email as string).split('@')[0]!,
    };
  }

  private async exchange(code: string, redirectUri: string, codeVerifier?: string): Promise<string> {
    let res: Response;
    try {
      res = await fetch(this.google.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: this.google.clientId,
          client_secret: this.google.clientSecret,
          redirect_uri: redirectUri,
          ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
        }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new ApiError(503, 'Google sign-in is unavailable just now. Please try again.');
    }
    // 4xx: a used, expired or forged code. 5xx: Google's trouble.
    if (res.status >= 500) throw new ApiError(503, 'Google sign-in is unavailable just now. Please try again.');
    const body = (await res.json().catch(() => ({}))) as { id_token?: unknown };
    if (!res.ok || typeof body.id_token !== 'string') throw new ApiError(401, SIGN_IN_FAILED);
    return body.id_token;
  }
}
