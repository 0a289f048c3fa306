// Exchanging the code GitHub sends back for an access token (GitHub's OAuth web flow, step 2). GitHub
// answers 200 with `error` for a bad or used code, so both the status and the body are read.
import type { Config } from '../../config/config.ts';

export type CmsGithub = NonNullable<Config['cmsGithub']>;

export type Exchange = { token: string } | { error: string };

const TIMEOUT_MS = 10_000;

export async function exchangeCode(github: CmsGithub, code: string): Promise<Exchange> {
  let answer: { access_token?: unknown; error?: unknown; error_description?: unknown };
  try {
    const res = await fetch(github.tokenUrl, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: github.clientId,
        client_secret: github.clientSecret,
        code,
        redirect_uri: github.callbackUrl,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    answer = res.ok ? await res.json() : { error: `GitHub answered ${res.status}` };
  } catch {
    return { error: 'Could not reach GitHub. Please try again.' };
  }
  if (typeof answer.access_token === 'string' && answer.access_token) return { token: answer.access_token };
  const reason = typeof answer.error_description === 'string' ? answer.error_description : answer.error;
  return { error: `GitHub refused the sign-in: ${typeof reason === 'string' ? reason : 'no token'}` };
}
