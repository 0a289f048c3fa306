// Full page loads: every route is a prebuilt page, so there is no client router to ask.
export function go(url: string, replace = false) {
  if (replace) location.replace(url);
  else location.assign(url);
}
