// One form's state: its field errors, its form-level message (shown in a FormAlert or beside the field),
// and whether a call is under way. A form keeps only its fields and its calls: `check` parses what was
// typed with the form's zod schema, `run` makes a call with the button disabled and shows what failed.
// Schemas are passed in, not imported here, so a form can load its own lazily. Messages are kept as they
// come (English) and translated where they are shown; a toast, shown at once, is translated before it goes.
import { useRef, useState } from 'react';
import type { Translate } from '../../i18n/translate.ts';
import { errorMessage, toApiError } from '../../lib/api-error.ts';
import { notify } from '../../lib/toast.ts';
import { fieldErrors } from './Field.tsx';
import { useT } from './i18n.tsx';

/** What a failed call shows: a message, and the fields it names (a message naming a field goes there). */
export interface Problem {
  message: string;
  fields: Record<string, string>;
}

type Parsed<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** A zod schema, or anything that parses like one. */
interface SafeParser<T> {
  safeParse(input: unknown): Parsed<T>;
}

interface RunOptions {
  /**
   * What the failure shows (and any toast it makes); by default the API's message and named fields. `t` is
   * the form's language, for the toast.
   */
  onError?: (err: unknown, t: Translate) => Problem;
  /** The work navigates away when it succeeds: the button stays disabled until the page goes. */
  leaving?: boolean;
}

function defaultProblem(err: unknown): Problem {
  const problem = toApiError(err);
  return { message: errorMessage(problem), fields: fieldErrors(problem.issues) };
}

/** For a call whose failure is told in a toast, not in the form. */
export function toastProblem(message: (err: unknown) => string) {
  return (err: unknown, t: Translate): Problem => {
    notify('error', t(message(err)));
    return { message: '', fields: {} };
  };
}

export function useForm() {
  const t = useT();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const awaitingSchemas = useRef(false);

  /**
   * The form's zod schemas for a submit, from the module of their own that `load` imports: evaluating zod
   * and the schemas is tens of ms of a phone's main thread, which made a form's hydration one long task
   * (docs/decisions/141-short-tasks-while-hydrating.md). The form's page fetches the module once it has
   * loaded and is idle (its script in src/scripts/), so by a submit it is in. Null, the form staying as
   * typed, when it cannot be fetched (offline since the page loaded, or a deploy replaced the files: a toast
   * says the server is out of reach, and the next submit tries again), and while an earlier submit still
   * awaits it: until `run` disables the button, a second click during the download would send the form
   * twice. Not shown as busy: once the module is in, the wait is a few microtasks, and the label would flash.
   */
  async function schemas<M>(load: () => Promise<M>): Promise<M | null> {
    if (awaitingSchemas.current) return null;
    awaitingSchemas.current = true;
    try {
      return await load();
    } catch (err) {
      notify('error', t(errorMessage(err)));
      return null;
    } finally {
      awaitingSchemas.current = false;
    }
  }

  /**
   * The parsed input, or null with each field's first error shown. `extra` adds what the schema cannot
   * say (a field that is required only in one mode); any entry in it also makes the check fail.
   */
  function check<T>(schema: SafeParser<T>, input: unknown, extra: Record<string, string> = {}): T | null {
    const parsed = schema.safeParse(input);
    const found = { ...(parsed.success ? {} : fieldErrors(parsed.error.issues)), ...extra };
    setErrors(found);
    setAlert('');
    return parsed.success && Object.keys(found).length === 0 ? parsed.data : null;
  }

  /**
   * Runs `work` (the call and what follows its success) with the form busy. A failure shows the fields it
   * names, or else its message. True when the work completed.
   */
  async function run(work: () => Promise<unknown>, options: RunOptions = {}): Promise<boolean> {
    setBusy(true);
    setAlert('');
    try {
      await work();
      if (!options.leaving) setBusy(false);
      return true;
    } catch (err) {
      const problem = (options.onError ?? defaultProblem)(err, t);
      setErrors(problem.fields);
      setAlert(Object.keys(problem.fields).length === 0 ? problem.message : '');
      setBusy(false);
      return false;
    }
  }

  function reset() {
    setErrors({});
    setAlert('');
  }

  return { errors, alert, busy, schemas, check, run, reset, setErrors, setAlert };
}
