// Every colour-scheme switch on the page (the header's select) shows the stored choice and applies a new one.
import type { ThemeChoice } from '../lib/constants.ts';
import { chooseTheme, storedTheme } from '../lib/theme.ts';

for (const select of document.querySelectorAll<HTMLSelectElement>('select[data-theme-switch]')) {
  select.value = storedTheme();
  select.addEventListener('change', () => chooseTheme(select.value as ThemeChoice));
  window.addEventListener('theme-changed', (e) => {
    select.value = (e as CustomEvent<ThemeChoice>).detail;
  });
}
