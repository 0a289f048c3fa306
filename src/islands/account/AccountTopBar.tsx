// /account's top bar: the site's name and the avatar menu, and the page's guard (a visitor without a
// session goes to /login before any panel has loaded).
import type { Locale } from '../../i18n/locales.ts';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { Translated } from '../ui/i18n.tsx';
import { TopBar } from '../ui/TopBar.tsx';
import { useGuard } from '../ui/useGuard.ts';
import { TRANSLATIONS } from './AccountPanel.tsx';

function Bar({ siteName }: { siteName: string }) {
  const { session, allowed } = useGuard('user');
  return <TopBar siteName={siteName} user={allowed ? (session.userData ?? undefined) : undefined} />;
}

export default function AccountTopBar({ siteName, locale }: { siteName: string; locale?: Locale }) {
  return (
    <Translated locale={locale} catalogs={TRANSLATIONS}>
      <ErrorBoundary>
        <Bar siteName={siteName} />
      </ErrorBoundary>
    </Translated>
  );
}
