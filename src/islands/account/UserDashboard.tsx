// /userdashboard: top bar with the avatar menu, the user's enquiries and the featured projects, once the
// session is known.
import type { User } from '../../lib/schemas/auth.ts';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { FeaturedProjects, type FeaturedSection } from './FeaturedProjects.tsx';
import { OwnEnquiries } from './OwnEnquiries.tsx';
import { Protected } from '../ui/Protected.tsx';
import { TopBar } from '../ui/TopBar.tsx';

interface Props {
  siteName: string;
  featured: FeaturedSection;
}

export function DashboardContent({ user, featured }: { user: User; featured: FeaturedSection }) {
  return (
    <>
      <div className="mx-auto w-full max-w-6xl px-4 pt-10 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-bold tracking-tight text-ink">Welcome, {user.name}</h1>
        <p className="mt-2 text-slate-700">
          Your account and the projects you can claim.{' '}
          <a href="/account" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Account settings
          </a>
        </p>
      </div>
      <OwnEnquiries />
      <FeaturedProjects {...featured} />
    </>
  );
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
