// A labelled input with its error message tied to it for screen readers. The label comes translated; the
// error is translated here, where it is shown, since it may be the words of a zod check or of the API.
import type { InputHTMLAttributes } from 'react';
import { errorClass, inputClass, labelClass } from './classes.ts';
import { useT } from './i18n.tsx';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string | undefined;
}

export function Field({ id, label, error, ...input }: Props) {
  const t = useT();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        type="text"
        className={`mt-1 ${inputClass}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className={errorClass}>
          {t(error)}
        </p>
      )}
    </div>
  );
}

/** First message per field of a failed zod parse or an API answer's issues, keyed by the field's name. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = typeof issue.path === 'string' ? issue.path.split('.')[0]! : String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}
