// The Content-Security-Policy of /cms/, apart from the site's: the editor is a prebuilt application that
// injects its own <style> elements and talks to GitHub. Written into the page's <meta> at build time; the
// Node server repeats it as a header (with frame-ancestors), and the build writes it for Netlify (src/build/netlify-rules.ts).
export const CMS_CSP_DIRECTIVES = [
  "default-src 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "form-action 'self'",
  // Only our own bundle (/_astro/cms/): no CDN, no eval.
  "script-src 'self'",
  // Svelte components add <style> elements and style attributes at run time; the preview pane's
  // stylesheet (src/cms/preview.ts) is handed to it as a blob: URL.
  "style-src 'self' 'unsafe-inline' blob:",
  // Previews of images being uploaded or read from the repository are blob: URLs; GitHub avatars.
  "img-src 'self' data: blob: https://avatars.githubusercontent.com",
  "font-src 'self'",
  // GitHub's REST and GraphQL API (signed-in editing) and its status page (outage notice); data: because
  // the editor reads its own inline images with fetch().
  "connect-src 'self' data: https://api.github.com https://www.githubstatus.com",
  "worker-src 'self'",
  // The editor writes its web-app manifest (name and icons) as a blob: URL.
  "manifest-src 'self' blob:",
  // The preview pane with our templates (src/cms/preview.ts) is a frame of a blob: document the editor makes.
  'frame-src blob:',
];

export const CMS_CSP = CMS_CSP_DIRECTIVES.join('; ');
