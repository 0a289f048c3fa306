// A modal confirmation on the native <dialog>: focus is trapped, Escape cancels.
import { useEffect, useRef } from 'react';
import { primaryButton, secondaryButton } from './ui.ts';

interface Props {
  message: string | null;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ message, confirmLabel, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (message && !dialog?.open) dialog?.showModal();
    if (!message && dialog?.open) dialog.close();
  }, [message]);

  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-title"
      onCancel={onCancel}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="confirm-title" className="text-lg font-semibold text-ink">
        Please confirm
      </h2>
      <p className="mt-2 text-slate-700">{message}</p>
      <div className="mt-6 flex justify-end gap-3">
        {/* biome-ignore lint/a11y/noAutofocus: a modal dialog takes focus on opening, and Cancel is the safe default before a delete. */}
        <button type="button" className={secondaryButton} onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className={`${primaryButton} w-auto bg-red-600 hover:bg-red-700`} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
