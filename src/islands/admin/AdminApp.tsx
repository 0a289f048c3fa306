// The admin shell (top bar, nav) around one of its views; only an admin ever sees it (guarded here,
// and every admin call is checked again by the API).
import type { ComponentProps, ReactNode } from 'react';
import { AdminActivity } from './AdminActivity.tsx';
import { AdminDashboard } from './AdminDashboard.tsx';
import { AdminAnalytics } from './AdminAnalytics.tsx';
import { AdminEnquiries } from './AdminEnquiries.tsx';
import { AdminTrash } from './AdminTrash.tsx';
import { AdminUsers } from './AdminUsers.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { Protected } from '../ui/Protected.tsx';
import { TopBar } from '../ui/TopBar.tsx';
import { type AdminView, adminPages } from './admin-pages.ts';
import { DashboardContent } from '../account/DashboardContent.tsx';

function Section({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}

interface Props {
  view: AdminView;
  siteName: string;
  /** Only for the user dashboard view. */
  featured?: ComponentProps<typeof DashboardContent>['featured'] | undefined;
}

export default function AdminApp({ view, siteName, featured }: Props) {
  return (
    <ErrorBoundary>
      <Protected rule="admin" main>
        {(user) => (
          <>
            <TopBar siteName={siteName} user={user}>
              <nav aria-label="Admin" className="mx-auto w-full max-w-6xl overflow-x-auto px-4 sm:px-6 lg:px-8">
                <ul className="flex gap-1 pb-2">
                  {adminPages.map((n) => (
                    <li key={n.view}>
                      <a
                        href={n.href}
                        aria-current={n.view === view ? 'page' : undefined}
                        className="block whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700"
                      >
                        {n.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            </TopBar>
            <main id="main" className="min-h-screen flex-1">
              <ErrorBoundary>
                {view === 'dashboard' && (
                  <Section title="Welcome to the Admin Dashboard">
                    <p className="mb-6 text-slate-700">
                      Manage the users and the contact enquiries from the navigation above.
                    </p>
                    <AdminDashboard />
                  </Section>
                )}
                {view === 'addwebsite' && (
                  <Section title="Add Website">
                    <p className="text-slate-700">Adding a website from here is coming soon.</p>
                  </Section>
                )}
                {view === 'users' && (
                  <Section title="Users">
                    <AdminUsers me={user} />
                  </Section>
                )}
                {view === 'contact' && (
                  <Section title="Contact enquiries">
                    <AdminEnquiries company={siteName} author={user.name} />
                  </Section>
                )}
                {view === 'userdashboard' && featured && <DashboardContent user={user} featured={featured} />}
                {view === 'trash' && (
                  <Section title="Trash">
                    <AdminTrash />
                  </Section>
                )}
                {view === 'activity' && (
                  <Section title="Activity">
                    <AdminActivity />
                  </Section>
                )}
                {view === 'analytics' && (
                  <Section title="Analytics">
                    <AdminAnalytics />
                  </Section>
                )}
              </ErrorBoundary>
            </main>
          </>
        )}
      </Protected>
    </ErrorBoundary>
  );
}
