// `client:interaction`: the island's prebuilt markup is live HTML from the start, and React loads when
// the visitor first reaches for it (pointer over or down, touch, focus, a key). `client:interaction="idle"`
// also hydrates once the page has loaded and the browser is idle, for forms the visitor came to use.
// Nothing the visitor does before hydration is lost: text typed into the (uncontrolled) fields stays in
// them, and a click on a button or a form submission is held and replayed once React is in charge. A
// click on a link is never held.
import type { ClientDirective } from 'astro';
import { whenIdle } from '../lib/idle.ts';

const REACH = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'];
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

/** Sets the island up to hydrate on interaction; returns the function that hydrates it at once. */
export function hydrateOnInteraction(load: Load, el: HTMLElement, alsoWhenIdle = false): () => Promise<void> {
  const held: { kind: 'click' | 'submit'; target: Element; path: number[] }[] = [];
  let started = false;

  const hold = (e: Event) => {
    const target = e.target instanceof Element ? e.target : null;
    const holdable = e.type === 'submit' ? target : target?.closest(HELD_CLICKS);
    if (!holdable || !el.contains(holdable)) return;
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
  const reach = () => void hydrate();

  el.addEventListener('click', hold, true);
  el.addEventListener('submit', hold, true);
  for (const type of REACH) el.addEventListener(type, reach, { capture: true, passive: true });
  if (alsoWhenIdle) {
    const idle = () => whenIdle(() => void hydrate());
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  }
  return hydrate;
}

const interaction: ClientDirective = (load, options, el) => {
  hydrateOnInteraction(load, el, options.value === 'idle');
};

export default interaction;
