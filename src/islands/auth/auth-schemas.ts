// The sign-in, signup and reset forms' zod schemas, in a module of their own: evaluating zod and the
// schemas takes about 60 ms of a phone's main thread, which made each form's hydration one long task
// (docs/decisions/141-short-tasks-while-hydrating.md). A form starts loading them once the page is idle
// and awaits them when it is sent; by then they are in.
import { useEffect } from 'react';
import type { Translate } from '../../i18n/translate.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { whenIdle } from '../../lib/idle.ts';
import { notify } from '../../lib/toast.ts';

const load = () => import('../../lib/schemas/auth.ts');

export function usePreloadedAuthSchemas(): void {
  // A failed fetch here is not an error to report: the submit asks for the module again.
  useEffect(() => whenIdle(() => void load().catch(() => {})), []);
}

/**
 * The schemas for a submit. When they cannot be fetched (offline since the page loaded, or a deploy
 * replaced the files), the visitor is told the server is out of reach and gets null: the form stays as
 * typed, and the next submit tries again. `t`: the form's language, for that message.
 */
export async function authSchemas(t: Translate): Promise<Awaited<ReturnType<typeof load>> | null> {
  try {
    return await load();
  } catch (err) {
    notify('error', t(errorMessage(err)));
    return null;
  }
}
