// Starts loading a module once the page is idle, for a form that needs it only when it is sent (its zod
// schemas: evaluating zod and the schemas takes about 60 ms of a phone's main thread, which made the
// form's hydration one long task). The form awaits the same import on submit; by then it is in.
import { useEffect } from 'react';

export function useIdleLoad(load: () => Promise<unknown>): void {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
    // A failed fetch here is not an error to report: the submit asks for the module again.
    idle(() => void load().catch(() => {}));
  }, [load]);
}
