// Security headers that every answer carries (decision 114); the build writes the same into Netlify's _headers
// (src/build/netlify-rules.ts). A page's CSP comes from Astro's hashed <meta>.

export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(),microphone=(),geolocation=(),payment=(),usb=()',
  // Google's sign-in popup must be able to post the code back to its opener.
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

export const HSTS = 'max-age=31536000; includeSubDomains';

/** For answers that are not pages (API JSON, assets): nothing may run or frame them. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** HTTPS as the browser saw it: TLS ends in front of the server, so only a trusted proxy's header can say so. */
export function isHttps(forwardedProto: string | null | undefined, trustProxy: boolean): boolean {
  return trustProxy && forwardedProto?.split(',')[0]?.trim() === 'https';
}

/** The headers every answer starts with; a page's or the API's own (its CSP, its cache rule) replace them. */
export function securityHeaders(https: boolean): Record<string, string> {
  const headers = { ...COMMON_HEADERS, 'content-security-policy': NON_PAGE_CSP };
  return https ? { ...headers, 'strict-transport-security': HSTS } : headers;
}

/** The CSP that Astro wrote into a page's <meta>, completed with what only a header can say. */
export function pageCspFromHtml(html: string): string | undefined {
  const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/i.exec(html)?.[1];
  if (!meta) return undefined;
  return `${meta.replace(/&#39;/g, "'").replace(/&amp;/g, '&').trim().replace(/;$/, '')}; frame-ancestors 'none'`;
}
