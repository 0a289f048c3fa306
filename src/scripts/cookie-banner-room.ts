// The cookie banner floats over the bottom of the page until a choice is stored. So that it never hides the
// control that has keyboard focus, the page keeps the strip under the banner free: the browser scrolls a
// focused control above it (scroll-padding-bottom) and the page's end can scroll clear of it (padding at
// the bottom of <body>), both from --cookie-banner-room (src/styles/global.css), the height from the
// banner's top edge to the bottom of the window, 0 while it is hidden. It is measured when the browser
// has laid the page out (the ResizeObserver's callbacks), never by forcing a layout while the page's
// scripts start (with the page's whole sheet just turned on, that was a restyle of the whole page inside
// a long task), and set only when it changes. Chromium scrolls a focused control
// that is partly in view no further, so a control the banner still covers once focus has landed (and the
// browser has scrolled) is scrolled into the free part of the window here.
const root = document.documentElement;
const island = document.querySelector('.cookie-banner')?.closest('astro-island');
let watched: Element | null = null;

/** Observes the banner shown now (React may have replaced it), and answers it. */
function watch(): Element | null {
  const banner = island?.querySelector('.cookie-banner') ?? null;
  if (banner !== watched) {
    if (watched) resized.unobserve(watched);
    if (banner) resized.observe(banner);
    watched = banner;
  }
  return banner;
}

function measure() {
  const banner = watch();
  const box = banner?.getBoundingClientRect();
  const room = `${box?.height ? Math.ceil(window.innerHeight - box.top) : 0}px`;
  if (room === root.style.getPropertyValue('--cookie-banner-room')) return;
  // Set where it is used (it is not inherited: src/styles/global.css): <html>, <body> and what floats above the banner.
  for (const el of [root, document.body, ...document.querySelectorAll<HTMLElement>('[data-cookie-banner-room]')])
    el.style.setProperty('--cookie-banner-room', room);
}

const resized = new ResizeObserver(measure);
if (island) {
  // React replaces or removes the banner (a choice, or the footer's 'Cookie settings' asking for it again).
  new MutationObserver(measure).observe(island, { childList: true, subtree: true });
  window.addEventListener('resize', measure, { passive: true });
  document.addEventListener('focusin', ({ target }) => {
    requestAnimationFrame(() => {
      if (!watched || !(target instanceof Element) || watched.contains(target) || target !== document.activeElement)
        return;
      const cover = watched.getBoundingClientRect();
      if (cover.height && target.getBoundingClientRect().bottom > cover.top)
        target.scrollIntoView({ block: 'nearest' });
    });
  });
  // The first measure comes with the observer's first callback on a shown banner, once the page is laid out.
  watch();
}
