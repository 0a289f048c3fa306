// The one toast helper. `notify` shows a toast now; `flash` keeps it in sessionStorage so that the
// Toaster of the next page shows it (a toast queued just before a navigation would otherwise be lost).
// A flashed toast keeps the language it is written in, and a page in another language does not show it:
// a message is in the language of the page that shows it, or not shown.
import { toast } from 'react-toastify/unstyled';
import { type Locale, toLocale } from '../i18n/locales.ts';
import { go, isLeaving } from './navigate.ts';
import { FLASH_KEY, TOAST_EVENT } from './constants.ts';

export type ToastKind = 'success' | 'error' | 'info';
interface Flash {
  kind: ToastKind;
  message: string;
  locale: Locale;
}

/** The language of the page (its <html lang>), which its islands write their messages in. */
const pageLocale = () => toLocale(document.documentElement.lang);

// The message makes the id, so one cause never stacks the same toast twice (it is also the DOM id).
const idOf = (kind: ToastKind, message: string) => `toast-${kind}-${message.replace(/[^a-z0-9]+/gi, '-')}`;

export function notify(kind: ToastKind, message: string) {
  // The toaster hydrates on demand (client:toast); until it mounts, react-toastify queues the toast.
  window.dispatchEvent(new Event(TOAST_EVENT));
  toast[kind](message, { toastId: idOf(kind, message) });
}

/**
 * A page that shows flashed toasts and then sends the visitor on by itself (a guard's redirect, which waits
 * for the session's answer: seconds on a slow network), or is left this soon, hands the toasts still on
 * screen to the next page.
 */
const HAND_ON_MS = 2000;

function readFlashes(): Flash[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(FLASH_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Flash[]) : [];
  } catch {
    return [];
  }
}

/** `locale`: the language `message` is written in, when it is not the page's (a move to another language). */
export function flash(kind: ToastKind, message: string, locale = pageLocale()) {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify([...readFlashes(), { kind, message, locale }]));
  } catch {
    notify(kind, message);
  }
}

/** Called once by the Toaster when it mounts. */
export function showFlashes() {
  const queued = readFlashes();
  try {
    sessionStorage.removeItem(FLASH_KEY);
  } catch {
    /* storage unavailable: nothing was queued */
  }
  const here = pageLocale();
  for (const f of queued) if (f.locale === here) notify(f.kind, f.message);
  if (queued.length === 0) return;
  const shownAt = Date.now();
  window.addEventListener(
    'pagehide',
    () => {
      if (!isLeaving() && Date.now() - shownAt > HAND_ON_MS) return;
      for (const f of queued) if (toast.isActive(idOf(f.kind, f.message))) flash(f.kind, f.message, f.locale);
    },
    { once: true },
  );
}

/** Shows the toast on the next page (if it is in `locale`, the page's by default), then goes there. */
export function flashAndGo(kind: ToastKind, message: string, url: string, replace = false, locale = pageLocale()) {
  // The page is not left before this task ends: the toast is stored in time for the next page.
  if (go(url, replace)) flash(kind, message, locale);
}
