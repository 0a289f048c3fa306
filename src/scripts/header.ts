// Header shadow once scrolled past the threshold (TIMINGS.headerShadowPx), the mobile menu, and the search:
// its button, `/` (outside a field) or Ctrl+K (⌘K) import the dialog's module, which loads nothing before.
import { TIMINGS } from '../lib/constants.ts';

const header = document.querySelector<HTMLElement>('[data-header]');
const toggle = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
const menu = document.querySelector<HTMLElement>('[data-mobile-menu]');

if (header) {
  const update = () => header.toggleAttribute('data-scrolled', window.scrollY > TIMINGS.headerShadowPx);
  update();
  window.addEventListener('scroll', update, { passive: true });
}

if (toggle && menu) {
  const [openIcon, closeIcon] = toggle.querySelectorAll('svg');
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.hidden = !open;
    openIcon?.classList.toggle('hidden', open);
    closeIcon?.classList.toggle('hidden', !open);
  };
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !menu.hidden) {
      setOpen(false);
      toggle.focus();
    }
  });
  // The open menu covers the top of the page: it closes when a tap or the focus goes elsewhere, so that
  // nothing the visitor reaches is hidden under it.
  const outside = (node: EventTarget | null) => node instanceof Node && !header?.contains(node);
  document.addEventListener('pointerdown', (event) => {
    if (!menu.hidden && outside(event.target)) setOpen(false);
  });
  header?.addEventListener('focusout', (event) => {
    if (!menu.hidden && outside(event.relatedTarget)) setOpen(false);
  });
}

const search = document.querySelector<HTMLButtonElement>('[data-search]');
if (search) {
  // Keys typed while the dialog's module is on its way are kept for its field, not lost to the page.
  const openSearch = async () => {
    let typed = '';
    const keep = (event: KeyboardEvent) => {
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
      typed += event.key;
      event.preventDefault();
    };
    document.addEventListener('keydown', keep, true);
    try {
      (await import('./search-dialog.ts')).openSearch(typed);
    } finally {
      document.removeEventListener('keydown', keep, true);
    }
  };
  search.addEventListener('click', () => void openSearch());
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    const typing = target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
    const slash = event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (slash || (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey)) {
      event.preventDefault();
      void openSearch();
    }
  });
}

// The language switch: the choice is kept, and a later visit to a page in another language marks the
// chosen language's link (a suggestion; the page stays the one asked for).
const LANGUAGE_KEY = 'language';
const switches = document.querySelectorAll<HTMLAnchorElement>('[data-language]');
try {
  const chosen = localStorage.getItem(LANGUAGE_KEY);
  for (const link of switches) {
    // Underlined: a class every page's sheet has (the cookie banner's links), so the suggestion costs
    // the first response no rule of its own.
    if (link.dataset.language === chosen) {
      link.setAttribute('data-suggested', '');
      link.classList.add('underline');
    }
    link.addEventListener('click', () => localStorage.setItem(LANGUAGE_KEY, link.dataset.language ?? ''));
  }
} catch {
  // Storage refused (some private modes): the switch still leads to the other language.
}
