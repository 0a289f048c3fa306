// /userdashboard: top bar with the avatar menu, the user's enquiries and the featured projects, once the
// session is known.
import type { Locale } from '../../i18n/locales.ts';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { Translated } from '../ui/i18n.tsx';
import { TRANSLATIONS } from './AccountPanel.tsx';
import { DashboardContent } from './DashboardContent.tsx';
import type { FeaturedSection } from './FeaturedProjects.tsx';
import { Protected } from '../ui/Protected.tsx';
import { TopBar } from '../ui/TopBar.tsx';

interface Props {
  siteName: string;
  /** The page's `featured`, read from the collection in the page's language. */
  featured: FeaturedSection;
  locale?: Locale;
}

export default function UserDashboard({ siteName, featured, locale }: Props) {
  return (
    <Translated locale={locale} catalogs={TRANSLATIONS}>
      <ErrorBoundary>
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
      </ErrorBoundary>
    </Translated>
  );
}
