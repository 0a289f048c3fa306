// The site search: a modal dialog over Pagefind's index of the services, projects, posts and the policy
// (src/build/search-index.ts). The header's script imports this module the first time the search is
// asked for (its button, `/` or Ctrl+K), and this module loads Pagefind then: a page costs nothing for
// it until that moment. Results are links, each with the matched words marked; the count is announced.
import { trapTab } from '../islands/ui/trap-tab.ts';
import { toLocale } from '../i18n/locales.ts';
import { byLanguage, type Catalog, translator } from '../i18n/translate.ts';

// The page's language: Pagefind searches the index of the same language (the page's <html lang>). The
// dialog's texts in each language, found by folder (src/i18n/<code>/search.ts).
const SEARCH = byLanguage(import.meta.glob<Catalog>('../i18n/*/search.ts', { eager: true, import: 'SEARCH' }));
const t = translator(toLocale(document.documentElement.lang), SEARCH);

interface PagefindResult {
  data(): Promise<{ url: string; excerpt: string; meta: { title?: string } }>;
}
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  debouncedSearch(term: string, options?: unknown, ms?: number): Promise<{ results: PagefindResult[] } | null>;
}

/** Pagefind's script in the build (src/build/search-index.ts). */
const PAGEFIND = '/pagefind/pagefind.js';
/** Results shown at once: more than a screen's worth helps nobody choose. */
const SHOWN = 8;

let dialog: HTMLDialogElement | undefined;
let pagefind: Promise<Pagefind> | undefined;
let failures = 0;

/**
 * Pagefind, loaded once; a load that failed (the network, say) is tried again by the next search, under
 * another address: the browser keeps a module's failed load for the page's life.
 */
function loadPagefind(): Promise<Pagefind> {
  pagefind ??= import(/* @vite-ignore */ failures ? `${PAGEFIND}?retry=${failures}` : PAGEFIND)
    .then(async (module: Pagefind) => {
      await module.options({ excerptLength: 24 });
      return module;
    })
    .catch((err: unknown) => {
      failures++;
      pagefind = undefined;
      throw err;
    });
  return pagefind;
}

function build(): HTMLDialogElement {
  const el = document.createElement('dialog');
  el.setAttribute('aria-labelledby', 'search-title');
  el.className =
    'mx-auto mt-[10vh] w-[min(40rem,calc(100%-2rem))] rounded-2xl bg-surface p-0 text-ink shadow-xl backdrop:bg-scrim/50';
  el.innerHTML = `
    <form method="dialog" role="search" class="flex items-center gap-2 border-b border-slate-200 p-4">
      <h2 id="search-title" class="sr-only">${t('Search the site')}</h2>
      <label for="search-input" class="sr-only">${t('Search services, projects and posts')}</label>
      <input id="search-input" type="search" autocomplete="off" spellcheck="false" placeholder="${t('Search services, projects and posts')}"
        class="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-surface px-3 text-base text-ink" />
      <button type="submit" class="btn-secondary">${t('Close')}</button>
    </form>
    <p role="status" class="px-4 pt-3 text-sm text-slate-600" data-search-status></p>
    <ul class="max-h-[60vh] overflow-y-auto p-2" data-search-results></ul>`;
  const input = el.querySelector<HTMLInputElement>('input')!;
  const status = el.querySelector<HTMLElement>('[data-search-status]')!;
  const list = el.querySelector<HTMLUListElement>('[data-search-results]')!;
  let asked = '';

  input.addEventListener('input', async () => {
    const term = input.value.trim();
    asked = term;
    if (!term) {
      list.replaceChildren();
      status.textContent = '';
      return;
    }
    try {
      const found = await (await loadPagefind()).debouncedSearch(term);
      if (!found || asked !== term) return; // a later keystroke's search replaced this one
      const results = await Promise.all(found.results.slice(0, SHOWN).map((r) => r.data()));
      if (asked !== term) return;
      list.replaceChildren(...results.map(resultItem));
      const n = found.results.length;
      status.textContent =
        n === 0
          ? t('No results for “{term}”', { term })
          : t(n === 1 ? '1 result for “{term}”' : '{count} results for “{term}”', { term, count: n });
    } catch {
      status.textContent = t('Search is not available right now. Please try again later.');
    }
  });
  // Enter opens the first result; the arrows move between the field and the results. One Escape closes
  // the dialog, from the field too (whose own Escape would only clear it); closing a modal dialog gives
  // focus back to what had it before (the search button, or the page).
  el.addEventListener('keydown', (event) => {
    trapTab(event, el);
    const links = [...list.querySelectorAll('a')];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      el.close();
    } else if (event.key === 'Enter' && event.target === input) {
      event.preventDefault();
      links[0]?.click();
    } else if (event.key === 'ArrowDown' && links.length > 0) {
      event.preventDefault();
      links[Math.min(at + 1, links.length - 1)]!.focus();
    } else if (event.key === 'ArrowUp' && at >= 0) {
      event.preventDefault();
      (at === 0 ? input : links[at - 1]!).focus();
    }
  });
  // A click on the backdrop (outside the dialog's box) closes it, as Escape does.
  el.addEventListener('click', (event) => {
    if (event.target === el) el.close();
  });
  document.body.append(el);
  return el;
}

function resultItem(result: { url: string; excerpt: string; meta: { title?: string } }): HTMLLIElement {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.href = result.url;
  link.className = 'block rounded-lg px-3 py-2 hover:bg-slate-100';
  const title = document.createElement('span');
  title.className = 'block font-semibold text-brand-700';
  title.textContent = result.meta.title ?? result.url;
  const excerpt = document.createElement('span');
  excerpt.className = 'mt-1 block text-sm text-slate-700';
  // Pagefind's excerpt: the page's text, escaped, with the matched words in <mark>.
  excerpt.innerHTML = result.excerpt;
  link.append(title, excerpt);
  item.append(link);
  return item;
}

/** Opens the search dialog (building it the first time) with focus in its field, holding `typed` if any. */
export function openSearch(typed = ''): void {
  dialog ??= build();
  if (dialog.open) return;
  dialog.showModal();
  const input = dialog.querySelector('input')!;
  input.focus();
  if (typed) {
    input.value = typed;
    input.dispatchEvent(new Event('input'));
  } else input.select();
  void loadPagefind().catch(() => undefined); // the index's start arrives while the visitor types
}
