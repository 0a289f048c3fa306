// /userdashboard: top bar with the avatar menu, the user's enquiries and the featured projects, once the
// session is known.
import { DashboardContent } from './DashboardContent.tsx';
import type { FeaturedSection } from './FeaturedProjects.tsx';
import { Protected } from '../ui/Protected.tsx';
import { TopBar } from '../ui/TopBar.tsx';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';

interface Props extends IslandProps {
  siteName: string;
  /** The page's `featured`, read from the collection in the page's language. */
  featured: FeaturedSection;
}

export default function UserDashboard({ siteName, featured, locale }: Props) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <Protected rule="user" main>
        {(user) => (
          <>
            <TopBar siteName={siteName} user={user} />
            <main id="main" className="min-h-screen flex-1">
              <DashboardContent user={user} featured={featured} />
            </main>
          </>
        )}
      </Protected>
    </Island>
  );
}
