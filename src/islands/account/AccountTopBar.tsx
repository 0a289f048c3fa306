// /account's top bar: the site's name and the avatar menu, and the page's guard (a visitor without a
// session goes to /login before any panel has loaded).
import { TopBar } from '../ui/TopBar.tsx';
import { useGuard } from '../ui/useGuard.ts';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';

function Bar({ siteName }: { siteName: string }) {
  const { session, allowed } = useGuard('user');
  return <TopBar siteName={siteName} user={allowed ? (session.userData ?? undefined) : undefined} />;
}

export default function AccountTopBar({ siteName, locale }: IslandProps & { siteName: string }) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <Bar siteName={siteName} />
    </Island>
  );
}
