// /userdashboard: top bar with the avatar menu, the user's enquiries and the featured projects, once the
// session is known.
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { DashboardContent } from './DashboardContent.tsx';
import type { FeaturedSection } from './FeaturedProjects.tsx';
import { Protected } from '../ui/Protected.tsx';
import { TopBar } from '../ui/TopBar.tsx';

interface Props {
  siteName: string;
  featured: FeaturedSection;
}

export default function UserDashboard({ siteName, featured }: Props) {
  return (
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
  );
}
