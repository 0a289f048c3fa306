// Every island's root: the island's language (the page's `locale` with the family's catalogs) around an
// error boundary, so that an island that throws shows its message in the page's language, never a blank.
import type { ReactNode } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { type Catalogs, Translated } from './i18n.tsx';

/** What every island takes from its page: the page's language (Astro.currentLocale; English when absent). */
export interface IslandProps {
  locale?: Locale;
}

/** An island without translations (the admin area, English only). */
const NONE: Catalogs = {};

export function Island({
  locale,
  catalogs = NONE,
  children,
}: IslandProps & { catalogs?: Catalogs; children: ReactNode }) {
  return (
    <Translated locale={locale} catalogs={catalogs}>
      <ErrorBoundary>{children}</ErrorBoundary>
    </Translated>
  );
}
