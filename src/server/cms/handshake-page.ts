// The page GitHub's redirect lands on in the editor's sign-in window: it hands the result to the editor
// that opened it, in the external-OAuth protocol of Decap and Sveltia CMS. The window says
// `authorizing:github`; the editor echoes it; the window then posts `authorization:github:success:{…}`
// (or `…:error:{…}`). Both messages go only to the site's origin, where /cms/ lives, so a page elsewhere
// that opened this window never receives the token.
import { createHash } from 'node:crypto';

/** Constant, so that its hash can stand in the page's CSP; the result is read from a JSON block. */
const SCRIPT = `
const { provider, result, body, origin } = JSON.parse(document.getElementById('result').textContent);
const opener = window.opener;
if (opener) {
  window.addEventListener('message', (event) => {
    if (event.origin !== origin || event.source !== opener || event.data !== 'authorizing:' + provider) return;
    opener.postMessage('authorization:' + provider + ':' + result + ':' + JSON.stringify(body), origin);
  });
  opener.postMessage('authorizing:' + provider, origin);
}
`;

export const HANDSHAKE_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`,
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export type HandshakeResult = { token: string } | { error: string };

/** JSON inside <script type="application/json">: "<" is escaped so no text can close the element. */
const embed = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function handshakePage(result: HandshakeResult, siteOrigin: string): string {
  const success = 'token' in result;
  const data = {
    provider: 'github',
    result: success ? 'success' : 'error',
    body: success ? { token: result.token, provider: 'github' } : { error: result.error },
    origin: siteOrigin,
  };
  const note = success ? 'Signed in. This window closes by itself.' : 'Sign-in failed. You can close this window.';
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Content editor sign-in</title></head>
<body style="font-family: system-ui, sans-serif; padding: 2rem">
<p>${note}</p>
<script type="application/json" id="result">${embed(data)}</script>
<script>${SCRIPT}</script>
</body>
</html>`;
}
