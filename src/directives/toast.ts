// `client:toast`: hydrates the toaster only when there is something to show: toasts flashed by the
// previous page, or the first toast of this one (src/lib/toast.ts announces it with TOAST_EVENT;
// react-toastify queues toasts until its container mounts).
import type { ClientDirective } from 'astro';
import { FLASH_KEY, TOAST_EVENT } from '../lib/constants.ts';

const toastDirective: ClientDirective = (load) => {
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    window.removeEventListener(TOAST_EVENT, hydrate);
    (await load())();
  };
  window.addEventListener(TOAST_EVENT, hydrate);
  try {
    if (sessionStorage.getItem(FLASH_KEY)) void hydrate();
  } catch {
    /* no storage: no flashed toasts */
  }
};

export default toastDirective;
