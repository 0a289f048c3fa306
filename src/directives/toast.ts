// `client:toast`: the toaster hydrates when there is something to show (toasts flashed by the previous
// page, or the first toast of this one: src/lib/toast.ts announces it with TOAST_EVENT, and
// react-toastify queues toasts until its container mounts). Its code, catalog and stylesheet (three
// files, each asked for by the one before) are fetched earlier, once another island of the page has
// hydrated and the browser is idle: React is loaded by then, and a form's first toast does not wait three
// round trips after the form's answer. Only fetched: mounting the toaster applies its stylesheet, which
// restyles the whole page, so that waits for a toast. A page whose islands have not hydrated (a first
// visit to the landing page) fetches none of it.
import type { ClientDirective } from 'astro';
import { FLASH_KEY, TOAST_EVENT } from '../lib/constants.ts';
import { whenIdle } from '../lib/idle.ts';

/** Astro's island element dispatches it (without bubbling) once its component has hydrated. */
const ISLAND_HYDRATED = 'astro:hydrate';

const toastDirective: ClientDirective = (load, _options, el) => {
  let code: ReturnType<typeof load> | undefined;
  const fetchCode = () => {
    document.removeEventListener(ISLAND_HYDRATED, another, { capture: true });
    // A fetch that failed (the network was away when the page was idle) is asked for again by the toast.
    code ??= load().catch((error: unknown) => {
      code = undefined;
      throw error;
    });
    return code;
  };
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    window.removeEventListener(TOAST_EVENT, hydrate);
    (await fetchCode())();
  };
  function another(e: Event) {
    if (e.target !== el) whenIdle(() => void fetchCode().catch(() => {}));
  }
  window.addEventListener(TOAST_EVENT, hydrate);
  // Captured: the event does not bubble, but it passes the document on its way to the island.
  document.addEventListener(ISLAND_HYDRATED, another, { capture: true });
  try {
    if (sessionStorage.getItem(FLASH_KEY)) void hydrate();
  } catch {
    /* no storage: no flashed toasts */
  }
};

export default toastDirective;
