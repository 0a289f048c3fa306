// The sign-in, signup and reset forms' zod schemas, in a module of their own: evaluating zod and the
// schemas takes about 60 ms of a phone's main thread, which made each form's hydration one long task
// (docs/decisions/141-short-tasks-while-hydrating.md). Each form's page fetches them once it has loaded
// and is idle, beside React and the form (src/scripts/preload-auth-schemas.ts); the form awaits them when
// it is sent, and by then they are in.
import type { Translate } from '../../i18n/translate.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../lib/toast.ts';

const load = () => import('../../lib/schemas/auth.ts');

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
