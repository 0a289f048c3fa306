// The colour scheme: the visitor's system by default (CSS `color-scheme: light dark`), or the choice made
// with the switch, marked on <html> as data-theme. The head script that marks it before the first paint
// is `themeBootScript` (injected by src/build/head-boot.ts); the switches call `chooseTheme`.
import { THEME_CHOICES, THEME_KEY, type ThemeChoice } from './constants.ts';

export const themeBootScript = `try{var t=localStorage.getItem(${JSON.stringify(THEME_KEY)});if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch(e){}`;

export function storedTheme(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return THEME_CHOICES.find((c) => c !== 'system' && c === value) ?? 'system';
  } catch {
    return 'system';
  }
}

/** Applies and remembers a choice on this device; every switch on the page follows (a `theme-changed` event). */
export function chooseTheme(choice: ThemeChoice) {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  try {
    if (choice === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
  window.dispatchEvent(new CustomEvent('theme-changed', { detail: choice }));
}

export const THEME_LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };
