// Runs work once the browser is idle. Safari has no requestIdleCallback; a short timeout stands in.
export function whenIdle(work: () => void): void {
  (window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200)))(() => work());
}
