// Zod schemas a form needs only when it is sent, in a module of their own: evaluating zod and the schemas
// is tens of ms of a phone's main thread, which made each form's hydration one long task
// (docs/decisions/141-short-tasks-while-hydrating.md). The form's page fetches the module once it has
// loaded and is idle (its script in src/scripts/), beside React and the form; the form awaits it when sent,
// and by then it is in.
import type { Translate } from '../../i18n/translate.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../lib/toast.ts';

/**
 * The module `load` brings, for a submit. When it cannot be fetched (offline since the page loaded, or a
 * deploy replaced the files), the visitor is told the server is out of reach and gets null: the form stays
 * as typed, and the next submit tries again. `t`: the form's language, for that message.
 */
export function lazySchemas<M>(load: () => Promise<M>) {
  return async (t: Translate): Promise<M | null> => {
    try {
      return await load();
    } catch (err) {
      notify('error', t(errorMessage(err)));
      return null;
    }
  };
}
