// `client:interaction`: the island's prebuilt markup is live HTML from the start, and React loads when
// the visitor first reaches for it (pointer over or down, touch, focus, a key). `client:interaction="idle"`
// also hydrates once the page has loaded and the browser is idle, for forms the visitor came to use.
// `client:interaction="consent"` is the cookie banner's: while no choice is stored the prebuilt banner is
// live HTML, its three choices answered without React (src/scripts/cookie-choice.ts); it hydrates only when
// the visitor reaches for its 'Cookie Settings' (marked `data-cookie-customise`), or asks for the banner
// again through the footer's 'Cookie settings'. So a page without islands of its own loads no React at
// all for a first visit's choice. The head script of src/build/head-boot.ts marks a stored choice before
// the first paint.
// One directive for the three: each directive is a script inline in every page that uses it.
// Nothing the visitor does before hydration is lost: text typed into the (uncontrolled) fields stays in
// them, and a click on a button or a form submission is held and replayed once React is in charge. A
// click on a link is never held.
import type { ClientDirective } from 'astro';
import { COOKIE_SETTINGS_EVENT } from '../lib/constants.ts';
import { whenLoadedAndIdle } from '../lib/idle.ts';

const REACH = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'];
/** In the cookie banner, the one control that needs React: the rest of it works without. */
const CONSENT_CUSTOMISE = '[data-cookie-customise]';
const HELD_CLICKS =
  'button, [role="button"], input[type="submit"], input[type="button"], input[type="checkbox"], input[type="radio"]';

type Load = Parameters<ClientDirective>[0];

/** The child-index path from `root` to `node`, to find the same element again should hydration replace it. */
function pathTo(root: Element, node: Element): number[] {
  const path: number[] = [];
  for (let n: Element | null = node; n && n !== root; n = n.parentElement)
    path.unshift([...(n.parentElement?.children ?? [])].indexOf(n));
  return path;
}

function follow(root: Element, path: number[]): Element | undefined {
  let n: Element | undefined = root;
  for (const i of path) n = n?.children[i];
  return n;
}

/** Sets the island up to hydrate on interaction (and when idle, or when the cookie settings are asked for). */
function hydrateOnInteraction(load: Load, el: HTMLElement, also?: unknown): void {
  const held: { kind: 'click' | 'submit'; target: Element; path: number[] }[] = [];
  let started = false;
  /** Whether an event on this target is the island's to answer (all of it, but for the cookie banner). */
  const needsReact = (target: EventTarget | null) =>
    also !== 'consent' || (target instanceof Element && target.closest(CONSENT_CUSTOMISE) !== null);

  const hold = (e: Event) => {
    const target = e.target instanceof Element ? e.target : null;
    const holdable = e.type === 'submit' ? target : target?.closest(HELD_CLICKS);
    if (!holdable || !el.contains(holdable) || !needsReact(holdable)) return;
    e.preventDefault();
    e.stopPropagation();
    held.push({ kind: e.type as 'click' | 'submit', target: holdable, path: pathTo(el, holdable) });
    void hydrate();
  };

  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const type of REACH) el.removeEventListener(type, reach, true);
    try {
      await (await load())();
    } finally {
      el.removeEventListener('click', hold, true);
      el.removeEventListener('submit', hold, true);
    }
    // React hydrates the path of a discrete event at once, so the replayed events reach its handlers.
    for (const { kind, target, path } of held.splice(0)) {
      const now = target.isConnected && el.contains(target) ? target : follow(el, path);
      if (kind === 'submit' && now instanceof HTMLFormElement) now.requestSubmit();
      else if (now instanceof HTMLElement) now.click();
    }
  };
  const reach = (e: Event) => {
    if (needsReact(e.target)) void hydrate();
  };

  el.addEventListener('click', hold, true);
  el.addEventListener('submit', hold, true);
  for (const type of REACH) el.addEventListener(type, reach, { capture: true, passive: true });
  if (also === 'idle') whenLoadedAndIdle(() => void hydrate());
  if (also === 'consent') window.addEventListener(COOKIE_SETTINGS_EVENT, () => void hydrate(), { once: true });
}

const interaction: ClientDirective = (load, options, el) => hydrateOnInteraction(load, el, options.value);

export default interaction;
