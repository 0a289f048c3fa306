// A modal form on the native <dialog>: Tab cycles within it (as in ConfirmDialog), Escape closes it, and focus returns to
// the button that opened it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { trapTab } from './trap-tab.ts';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

export function FormDialog({ open, title, onClose, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (open && !dialog?.open) dialog?.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onKeyDown={(e) => trapTab(e.nativeEvent, e.currentTarget)}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(36rem,calc(100%-2rem))] rounded-2xl p-6 shadow-xl backdrop:bg-scrim/50"
    >
      <h2 id={titleId} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {open && <div className="mt-4">{children}</div>}
    </dialog>
  );
}
