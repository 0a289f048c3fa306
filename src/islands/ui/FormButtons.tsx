// The buttons that end a form: its submit button, which says when the call is under way, and a dialog's
// Cancel beside it.
import type { ReactNode } from 'react';
import { primaryButton, secondaryButton } from './classes.ts';
import { useT } from './i18n.tsx';

interface SubmitProps {
  busy: boolean;
  /** What the button says while the call runs ('Signing in...'); without it, its usual words. */
  busyLabel?: string;
  className?: string;
  children: ReactNode;
}

export function SubmitButton({ busy, busyLabel, className = primaryButton, children }: SubmitProps) {
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

/** A dialog form's Cancel and submit buttons, at its end. */
export function DialogButtons({ onCancel, ...submit }: Omit<SubmitProps, 'className'> & { onCancel: () => void }) {
  const t = useT();
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <button type="button" className={secondaryButton} onClick={onCancel}>
        {t('Cancel')}
      </button>
      <SubmitButton {...submit} className={`${primaryButton} w-auto`} />
    </div>
  );
}
