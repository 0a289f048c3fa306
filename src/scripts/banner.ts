// The announcement banner closes for this page view only: the choice is deliberately not remembered.
// Focus moves on to the next control, as Tab would have taken it, rather than falling to <body>.
import { controlAfter } from '../lib/focus.ts';

document.querySelector('[data-banner-close]')?.addEventListener('click', () => {
  const banner = document.querySelector('[data-banner]');
  if (!banner) return;
  const next = banner.contains(document.activeElement) ? controlAfter(banner) : undefined;
  banner.remove();
  next?.focus();
});
