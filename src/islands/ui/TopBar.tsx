// The top bar of the signed-in pages: the site's name (home link), an optional nav, the avatar menu
// (once the user is known), and the colour-scheme switch.
import type { ReactNode } from 'react';
import type { User } from '../../lib/schemas/auth.ts';
import { AvatarMenu } from './AvatarMenu.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import { useLanguage } from './i18n.tsx';

export function TopBar({
  siteName,
  user,
  children,
}: {
  siteName: string;
  user?: User | undefined;
  children?: ReactNode;
}) {
  const { path } = useLanguage();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a href={path('/')} className="text-lg font-bold tracking-tight text-ink">
          {siteName}
        </a>
        <div className="flex items-center gap-3">
          <ThemeSwitch />
          {user ? <AvatarMenu user={user} /> : <span className="size-10" aria-hidden="true" />}
        </div>
      </div>
      {children}
    </header>
  );
}
