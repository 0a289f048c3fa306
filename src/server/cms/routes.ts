// The content editor's GitHub sign-in on every host: /cms/ opens GET /api/v1/cms/auth in a window, which
// goes to GitHub with a signed, single-use `state`; GitHub sends the window back to GET /api/v1/cms/callback,
// which exchanges the code for a token and answers the page that hands it to the editor (handshake-page.ts).
import { z } from '@hono/zod-openapi';
import type { Deps } from '../core/context.ts';
import { ApiError } from '../core/errors.ts';
import { clientKey } from '../limits/client-ip.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import { errors, publicRoute, router } from '../auth/route-factories.ts';
import { exchangeCode } from './github.ts';
import { HANDSHAKE_CSP, handshakePage, type HandshakeResult } from './handshake-page.ts';
import { OAuthStates, type Redeemed } from './oauth-state.ts';

const EDITOR_SCOPES = new Set(['repo', 'public_repo', 'user', 'read:user', 'user:email']);
const SCOPE = `(?:${[...EDITOR_SCOPES].join('|')})`;
/** One or more of EDITOR_SCOPES, split by commas or spaces: a pattern, so that the OpenAPI document says it too. */
const SCOPE_LIST = new RegExp(`^[\\s,]*${SCOPE}(?:[\\s,]+${SCOPE})*[\\s,]*$`);

const NOT_CONFIGURED = 'GitHub sign-in for the content editor is not configured';

const param = (name: string) => z.string().max(2048, { message: `${name} is too long` });

const auth = publicRoute({
  assurance: 'none',
  method: 'get',
  path: '/auth',
  tags: ['cms'],
  description: 'Opened by /cms/ in a sign-in window: redirects to GitHub with a signed, single-use state.',
  request: {
    query: z.object({
      provider: z.literal('github', { message: 'provider must be github' }),
      // Sent by the editor; the site is known from the configuration.
      site_id: param('site_id').optional(),
      // Sveltia asks for `repo,user` (or `public_repo,user`): the scopes an editor needs, and no others.
      scope: z
        .string()
        .max(100)
        .regex(SCOPE_LIST, { message: `scope must be a list of ${[...EDITOR_SCOPES].join(', ')}` })
        .default('repo')
        .transform((list) => list.split(/[\s,]+/).filter(Boolean)),
    }),
  },
  responses: { 302: { description: "Redirect to GitHub's authorize page" }, ...errors(400, 429, 503) },
});

const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

const callback = publicRoute({
  assurance: 'none',
  method: 'get',
  path: '/callback',
  tags: ['cms'],
  description:
    "GitHub's redirect: exchanges the code and answers the page that posts `authorization:github:success:{token, provider}` (or `…:error:{error}`) to the editor. A forged, expired or used state never succeeds.",
  request: {
    query: z.object({
      code: param('code').optional(),
      state: param('state').optional(),
      error: param('error').optional(),
      error_description: param('error_description').optional(),
    }),
  },
  responses: {
    200: html('Signed in: the page hands the token to the editor'),
    // A query the schema refuses is the API's JSON error, like every other call; a refusal of the sign-in
    // itself is the page that tells the editor why.
    400: {
      description:
        'Refused: the page hands the reason to the editor (bad or used state, GitHub said no), or a JSON error for a malformed query',
      content: { ...html('').content, ...errors(400)[400].content },
    },
    ...errors(429, 503),
  },
});

const REFUSED: Record<Exclude<Redeemed, 'ok'>, string> = {
  forged: 'The sign-in link is not valid. Please sign in again.',
  expired: 'The sign-in took too long. Please sign in again.',
  used: 'This sign-in link was already used. Please sign in again.',
};

export function cmsRoutes(deps: Deps) {
  const app = router();
  const github = deps.config.cmsGithub;
  const states = new OAuthStates(deps.codeKey, deps.db, deps.now);
  const siteOrigin = new URL(deps.config.siteUrl).origin;
  const limit = (c: Parameters<typeof clientKey>[0]) =>
    deps.limiter.consume([[RULES.cmsSignInPerIp, clientKey(c, deps.config.trustProxy)]]);

  app.openapi(auth, async (c) => {
    if (!github) throw new ApiError(503, NOT_CONFIGURED);
    await limit(c);
    const { scope } = c.req.valid('query');
    const target = new URL(github.authorizeUrl);
    target.search = new URLSearchParams({
      client_id: github.clientId,
      redirect_uri: github.callbackUrl,
      scope: scope.join(' '),
      state: states.issue(),
    }).toString();
    return c.redirect(target.href, 302);
  });

  app.openapi(callback, async (c) => {
    if (!github) throw new ApiError(503, NOT_CONFIGURED);
    await limit(c);
    const query = c.req.valid('query');
    const answer = (result: HandshakeResult) => {
      c.header('Content-Security-Policy', HANDSHAKE_CSP);
      // The window was opened by /cms/ as a blank popup: a policy other than unsafe-none here would put it
      // in a new browsing context group, cutting window.opener (and the editor would see it as closed).
      c.header('Cross-Origin-Opener-Policy', 'unsafe-none');
      return c.html(handshakePage(result, siteOrigin), 'token' in result ? 200 : 400);
    };
    if (!query.state) return answer({ error: REFUSED.forged });
    const redeemed = await states.redeem(query.state);
    if (redeemed !== 'ok') return answer({ error: REFUSED[redeemed] });
    if (query.error || !query.code) {
      return answer({ error: `GitHub did not sign you in: ${query.error_description ?? query.error ?? 'no code'}` });
    }
    return answer(await exchangeCode(github, query.code));
  });

  return app;
}
