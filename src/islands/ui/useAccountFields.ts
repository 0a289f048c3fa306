// A visitor's form (contact, booking) whose `name` and `email` fields start as the signed-in account's.
// The session store (and its HTTP client) is fetched only when a token is stored, so that a visitor's page
// loads no more than before; a field the visitor has typed in keeps what they typed.
import { type RefObject, useEffect } from 'react';
import { TOKEN_KEY } from '../../lib/constants.ts';

export function useAccountFields(form: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    if (!localStorage.getItem(TOKEN_KEY)) return;
    let stop: (() => void) | undefined;
    let gone = false;
    void import('../../lib/session.ts').then(({ $session }) => {
      if (gone) return;
      stop = $session.subscribe(({ userData }) => {
        if (!userData || !form.current) return;
        for (const [name, value] of [
          ['name', userData.name],
          ['email', userData.email],
        ] as const) {
          const input = form.current.elements.namedItem(name) as HTMLInputElement | null;
          if (input && !input.value) input.value = value;
        }
      });
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [form]);
}
