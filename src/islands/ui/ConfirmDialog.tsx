// A modal confirmation on the native <dialog>: Escape cancels, and Tab cycles within it (a modal
// dialog alone lets focus leave for the browser's own controls). With `children` (a password field,
// say) it is a small form: Enter confirms, and focus starts in the first field.
import { useEffect, useRef, type ReactNode } from 'react';
import { trapTab } from './trap-tab.ts';
import { primaryButton, secondaryButton } from './classes.ts';
import { useT } from './i18n.tsx';

interface Props {
  message: string | null;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  title?: string;
  children?: ReactNode;
  /** While the confirmed action runs: both buttons wait. */
  busy?: boolean;
}

export function ConfirmDialog({ message, confirmLabel, onConfirm, onCancel, title, children, busy = false }: Props) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (message && !dialog?.open) {
      dialog?.showModal();
      (dialog?.querySelector<HTMLElement>('input, select, textarea') ?? cancel.current)?.focus();
    }
    if (!message && dialog?.open) dialog.close();
  }, [message]);

  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-message"
      onKeyDown={(e) => trapTab(e.nativeEvent, e.currentTarget)}
      onCancel={(e) => {
        if (busy) e.preventDefault();
        else onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl p-6 shadow-xl backdrop:bg-scrim/50"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) onConfirm();
        }}
      >
        <h2 id="confirm-title" className="text-lg font-semibold text-ink">
          {title ?? t('Please confirm')}
        </h2>
        <p id="confirm-message" className="mt-2 text-slate-700">
          {message}
        </p>
        {children && <div className="mt-4 grid gap-4">{children}</div>}
        <div className="mt-6 flex justify-end gap-3">
          <button ref={cancel} type="button" className={secondaryButton} onClick={onCancel} disabled={busy}>
            {t('Cancel')}
          </button>
          <button type="submit" className={`${primaryButton} w-auto bg-danger hover:bg-danger-hover`} disabled={busy}>
            {busy ? t('Please wait...') : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
