// Full page loads: every route is a prebuilt page, so there is no client router to ask.
// The first navigation a page starts is the one it makes: signing out ends the session and goes to
// /login, and the page's guard, seeing the session end, would start a second navigation that cancels
// the first mid-flight. A page shown again from the back/forward cache may navigate anew.
let leaving = false;
if (typeof window !== 'undefined') window.addEventListener('pageshow', () => (leaving = false));

/** Whether the page has started a navigation of its own (a guard's redirect, a sign-out). */
export const isLeaving = () => leaving;

/** Starts the page load of `url`; false when the page is already leaving (nothing is done). */
export function go(url: string, replace = false): boolean {
  if (leaving) return false;
  leaving = true;
  if (replace) location.replace(url);
  else location.assign(url);
  return true;
}
