// Once a day, just after midnight UTC: asks Netlify for a new build through the build hook
// (NETLIFY_BUILD_HOOK). A build publishes the posts whose date has come (src/pages/blog/_posts.ts), so a
// post dated in the future goes out on its day without anyone deploying.
import type { Config } from '@netlify/functions';
import { buildHook } from '../../src/config/config.ts';

export const config: Config = { schedule: '5 0 * * *' };

export default async function publish(): Promise<Response> {
  const hook = buildHook();
  if (!hook) {
    console.warn('publish: NETLIFY_BUILD_HOOK is not set; posts dated today wait for the next deploy.');
    return new Response(null, { status: 204 });
  }
  try {
    const res = await fetch(hook, { method: 'POST', signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`the build hook answered ${res.status}`);
  } catch (err) {
    console.error(`publish: could not start a build: ${(err as Error).message}`);
    return new Response(null, { status: 502 });
  }
  return new Response(null, { status: 202 });
}
