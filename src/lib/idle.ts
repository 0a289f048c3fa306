// Runs work once the browser is idle. Safari has no requestIdleCallback; a short timeout stands in.
export function whenIdle(work: () => void): void {
  (window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200)))(() => work());
}

/** Runs work once the page has loaded and the browser is idle: out of the way of the page's own loading. */
export function whenLoadedAndIdle(work: () => void): void {
  if (document.readyState === 'complete') whenIdle(work);
  else window.addEventListener('load', () => whenIdle(work), { once: true });
}
