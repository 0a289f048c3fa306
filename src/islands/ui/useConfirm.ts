// A question about one item (delete this user?): which item is asked about, and the ConfirmDialog's
// props for it. Confirming closes the dialog and then acts on the item.
import { useState } from 'react';

export function useConfirm<T>(act: (subject: T) => unknown) {
  const [subject, setSubject] = useState<T | null>(null);
  return {
    ask: setSubject,
    /** The dialog's message about the item (none while nothing is asked) and its two answers. */
    dialog: (message: (subject: T) => string) => ({
      message: subject ? message(subject) : null,
      onConfirm: () => {
        if (!subject) return;
        setSubject(null);
        void act(subject);
      },
      onCancel: () => setSubject(null),
    }),
  };
}
