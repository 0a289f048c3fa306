// The admin shell (top bar, nav) around one of its views; only an admin ever sees it (guarded here,
// and every admin call is checked again by the API). Each view's code is its own chunk, fetched as the
// page opens, beside the session check: the dashboard no longer parses the lists', dialogs' and forms'
// code (nor zod, which the forms bring), which was most of its main-thread work while loading.
import { type ComponentProps, type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import type { User } from '../../lib/schemas/auth.ts';
import type { DashboardContent } from '../account/DashboardContent.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { Island } from '../ui/Island.tsx';
import { Loading } from '../ui/Loading.tsx';
import { Protected } from '../ui/Protected.tsx';
import { TopBar } from '../ui/TopBar.tsx';
import { type AdminView, adminPages } from './admin-pages.ts';

type Featured = ComponentProps<typeof DashboardContent>['featured'];

/** What every view may be given; each takes what it needs. */
interface ViewProps {
  user: User;
  siteName: string;
  featured?: Featured | undefined;
}

type ViewModule = Promise<{ default: ComponentType<ViewProps> }>;

/** Each view with code of its own, and the heading its page shows (the user dashboard brings its own). */
const VIEWS: Partial<Record<AdminView, { title?: string; intro?: string; load: () => ViewModule }>> = {
  dashboard: {
    title: 'Welcome to the Admin Dashboard',
    intro: 'Manage the users and the contact enquiries from the navigation above.',
    load: () => import('./AdminDashboard.tsx').then((m) => ({ default: m.AdminDashboard })),
  },
  users: {
    title: 'Users',
    load: () => import('./AdminUsers.tsx').then((m) => ({ default: ({ user }) => <m.AdminUsers me={user} /> })),
  },
  contact: {
    title: 'Contact enquiries',
    load: () =>
      import('./AdminEnquiries.tsx').then((m) => ({
        default: ({ user, siteName }) => <m.AdminEnquiries company={siteName} author={user.name} />,
      })),
  },
  bookings: {
    title: 'Booked calls',
    load: () => import('./AdminBookings.tsx').then((m) => ({ default: m.AdminBookings })),
  },
  userdashboard: {
    load: () =>
      import('../account/DashboardContent.tsx').then((m) => ({
        default: ({ user, featured }) => (featured ? <m.DashboardContent user={user} featured={featured} /> : null),
      })),
  },
  trash: { title: 'Trash', load: () => import('./AdminTrash.tsx').then((m) => ({ default: m.AdminTrash })) },
  activity: {
    title: 'Activity',
    load: () => import('./AdminActivity.tsx').then((m) => ({ default: m.AdminActivity })),
  },
  analytics: {
    title: 'Analytics',
    load: () => import('./AdminAnalytics.tsx').then((m) => ({ default: m.AdminAnalytics })),
  },
};

// One fetch per view, shared by the early start below and React's lazy component.
const fetched = new Map<AdminView, ViewModule>();
function fetchView(view: AdminView, load: () => ViewModule): ViewModule {
  let module = fetched.get(view);
  if (!module) {
    module = load();
    fetched.set(view, module);
  }
  return module;
}
const lazyViews = new Map(
  Object.entries(VIEWS).map(([view, { load }]) => [view, lazy(() => fetchView(view as AdminView, load))]),
);

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
  featured?: Featured | undefined;
}

export default function AdminApp({ view, siteName, featured }: Props) {
  const entry = VIEWS[view];
  const View = lazyViews.get(view);
  useEffect(() => {
    if (entry) void fetchView(view, entry.load);
  }, [view, entry]);
  return (
    <Island>
      <Protected rule="admin" main>
        {(user) => (
          <>
            <TopBar siteName={siteName} user={user}>
              {/* The links wrap onto a second line on a phone: none of them lies off-screen. */}
              <nav aria-label="Admin" className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">
                <ul className="flex flex-wrap gap-1 pb-2">
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
                {view === 'addwebsite' && (
                  <Section title="Add Website">
                    <p className="text-slate-700">Adding a website from here is coming soon.</p>
                  </Section>
                )}
                {View && entry?.title && (
                  <Section title={entry.title}>
                    {entry.intro && <p className="mb-6 text-slate-700">{entry.intro}</p>}
                    <Suspense fallback={<Loading compact />}>
                      <View user={user} siteName={siteName} featured={featured} />
                    </Suspense>
                  </Section>
                )}
                {View && !entry?.title && (
                  <Suspense fallback={<Loading />}>
                    <View user={user} siteName={siteName} featured={featured} />
                  </Suspense>
                )}
              </ErrorBoundary>
            </main>
          </>
        )}
      </Protected>
    </Island>
  );
}
