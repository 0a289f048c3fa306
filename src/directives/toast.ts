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
/** Astro's island element dispatches it when its files could not be loaded. */
const HYDRATION_ERROR = 'astro:hydration-error';

const toastDirective: ClientDirective = (load, _options, el) => {
  let code: Promise<Awaited<ReturnType<typeof load>> | undefined> | undefined;
  const fetchCode = () => {
    document.removeEventListener(ISLAND_HYDRATED, another, { capture: true });
    // Astro's island asks for a file that failed once more, a second later; if that fails too (the network
    // was away when the page was idle), it reports the error on the island and answers with a function
    // that does nothing. Then the next toast asks again.
    if (!code) {
      let failed = false;
      const onError = () => {
        failed = true;
      };
      el.addEventListener(HYDRATION_ERROR, onError);
      code = load().then((run) => {
        el.removeEventListener(HYDRATION_ERROR, onError);
        if (failed) code = undefined;
        return failed ? undefined : run;
      });
    }
    return code;
  };
  let started = false;
  // Every toast asks; the first one's answer hydrates, unless its files could not be loaded.
  const hydrate = async () => {
    if (started) return;
    started = true;
    const run = await fetchCode();
    if (run) run();
    else started = false;
  };
  function another(e: Event) {
    if (e.target !== el) whenIdle(() => void fetchCode());
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
