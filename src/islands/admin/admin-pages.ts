// The admin area's pages: each view, its nav label and address. The pages are built from this list
// (src/pages/admin/[...view].astro) and the admin shell's nav shows it.
export type AdminView =
  | 'dashboard'
  | 'addwebsite'
  | 'users'
  | 'contact'
  | 'bookings'
  | 'userdashboard'
  | 'trash'
  | 'activity'
  | 'analytics';

/** The admin pages, in the nav's order; `title` is the page's when it differs from the nav's label. */
export const adminPages: { view: AdminView; label: string; href: string; title?: string }[] = [
  { view: 'dashboard', label: 'Dashboard', href: '/admin' },
  { view: 'addwebsite', label: 'Add Website', href: '/admin/addwebsite' },
  { view: 'users', label: 'Users', href: '/admin/adminusers' },
  { view: 'contact', label: 'Contact', href: '/admin/contactdetails', title: 'Contact enquiries' },
  { view: 'bookings', label: 'Bookings', href: '/admin/bookings', title: 'Booked calls' },
  { view: 'userdashboard', label: 'User Dashboard', href: '/admin/userdashboard' },
  { view: 'trash', label: 'Trash', href: '/admin/trash' },
  { view: 'activity', label: 'Activity', href: '/admin/activity' },
  { view: 'analytics', label: 'Analytics', href: '/admin/analytics' },
];
