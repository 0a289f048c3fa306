// The colour-scheme switch of the signed-in top bars: the same choice, storage and labels as the site
// header's (src/components/ThemeSwitch.astro), for pages that React draws.
import { useEffect, useState } from 'react';
import { THEME_CHOICES, type ThemeChoice } from '../../lib/constants.ts';
import { chooseTheme, storedTheme, THEME_LABELS } from '../../lib/theme.ts';
import { useT } from './i18n.tsx';

export function ThemeSwitch() {
  const t = useT();
  const [choice, setChoice] = useState<ThemeChoice>(storedTheme);
  useEffect(() => {
    const follow = (e: Event) => setChoice((e as CustomEvent<ThemeChoice>).detail);
    window.addEventListener('theme-changed', follow);
    return () => window.removeEventListener('theme-changed', follow);
  }, []);
  return (
    <label className="inline-flex items-center">
      <span className="sr-only">{t('Colour scheme')}</span>
      <select
        value={choice}
        onChange={(e) => chooseTheme(e.target.value as ThemeChoice)}
        className="h-10 rounded-lg border border-slate-300 bg-surface px-2 text-sm font-medium text-ink hover:border-brand-500"
      >
        {THEME_CHOICES.map((c) => (
          <option key={c} value={c}>
            {t(THEME_LABELS[c])}
          </option>
        ))}
      </select>
    </label>
  );
}
