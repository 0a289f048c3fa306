// The user dashboard's content: a welcome, a link to the admin area for admins, a prompt to verify the
// e-mail address until it is, the user's booked calls and enquiries, and the featured projects. The admin's
// "User Dashboard" view shows the same content, so it is the one file the admin screens may import
// from account/.
import type { User } from '../../lib/schemas/auth.ts';
import { useLanguage } from '../ui/i18n.tsx';
import { FeaturedProjects, type FeaturedSection } from './FeaturedProjects.tsx';
import { OwnBookings } from './OwnBookings.tsx';
import { OwnEnquiries } from './OwnEnquiries.tsx';
import { VerifyPrompt } from './VerifyPrompt.tsx';

/** In the language of the island around it; the admin's view has no <Translated>, so it stays English. */
export function DashboardContent({ user, featured }: { user: User; featured: FeaturedSection }) {
  const { t, path } = useLanguage();
  return (
    <>
      <div className="mx-auto w-full max-w-6xl px-4 pt-10 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-bold tracking-tight text-ink">{t('Welcome, {name}', { name: user.name })}</h1>
        <p className="mt-2 text-slate-700">
          {t('Your account and the projects you can claim.')}{' '}
          <a href={path('/account')} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {t('Account settings')}
          </a>
          {user.isAdmin && (
            <>
              {' · '}
              {/* The admin area is in English only: it has no address in another language. */}
              <a href="/admin" className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {t('Admin area')}
              </a>
            </>
          )}
        </p>
        {!user.isAccountVerified && <VerifyPrompt />}
      </div>
      <OwnBookings />
      <OwnEnquiries />
      <FeaturedProjects {...featured} />
    </>
  );
}
