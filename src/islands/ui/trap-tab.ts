// Tab and Shift+Tab kept on a modal dialog's own controls: a modal <dialog> alone lets focus leave for the
// browser's own controls. One way for every dialog (ConfirmDialog, FormDialog, the site search's).
import { CONTROLS } from '../../lib/focus.ts';

/** Keeps Tab and Shift+Tab on the controls of `container` (a modal dialog alone lets focus leave for the browser's own controls). */
export function trapTab(e: KeyboardEvent, container: HTMLElement) {
  if (e.key !== 'Tab') return;
  const controls = [...container.querySelectorAll<HTMLElement>(CONTROLS)].filter(
    (c) => c.tabIndex >= 0 && c.checkVisibility({ visibilityProperty: true }),
  );
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
