// The avatar menu of the signed-in top bars: name and e-mail, initials, verification state, account
// settings, the admin area (for admins), log out.
import { useEffect, useRef, useState } from 'react';
import type { User } from '../../lib/schemas/auth.ts';
import { signOut } from '../../lib/session.ts';
import { initialsOf } from './initials.ts';
import { requestVerifyCode } from '../../lib/verify-email.ts';
import { useLanguage } from './i18n.tsx';

export function AvatarMenu({ user }: { user: User }) {
  const language = useLanguage();
  const { t, path } = language;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    await action();
    setBusy(false);
  };

  const item = 'block w-full rounded-lg px-3 py-2 text-left text-sm font-medium hover:bg-slate-100 disabled:opacity-60';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the menu is observed here; the div itself is not interactive.
    <div
      ref={root}
      className="relative"
      onBlur={(e) => {
        // Tabbing out of the menu closes it, as clicking outside does.
        if (e.relatedTarget && !root.current?.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? 'account-menu' : undefined}
        aria-label={t('Account menu for {email}', { email: user.email })}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex size-10 items-center justify-center rounded-full bg-action text-sm font-bold text-white hover:bg-action-hover"
      >
        {initialsOf(user.email)}
      </button>
      {open && (
        <div
          id="account-menu"
          className="absolute right-0 top-full z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-surface p-2 shadow-lg"
        >
          <p className="truncate px-3 pt-2 text-sm font-semibold text-ink" title={user.name}>
            {user.name}
          </p>
          <p className="truncate px-3 text-sm text-slate-700" title={user.email}>
            {user.email}
          </p>
          <div className="px-3 pb-2 pt-1">
            {user.isAccountVerified ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                {t('Verified')}
              </span>
            ) : (
              <a
                href={path('/email-verify')}
                className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                onClick={(e) => {
                  e.preventDefault();
                  void run(() => requestVerifyCode('go', language));
                }}
                aria-disabled={busy || undefined}
              >
                {t('Verify Account')}
              </a>
            )}
          </div>
          <hr className="my-1 border-slate-200" />
          {/* The admin area has one language, English: its address is the same from every page. */}
          {user.isAdmin && (
            <a href="/admin" className={item}>
              {t('Admin area')}
            </a>
          )}
          <a href={path('/account')} className={item}>
            {t('Account settings')}
          </a>
          <button
            type="button"
            className={`${item} text-red-700`}
            disabled={busy}
            onClick={() => void run(() => signOut(language))}
          >
            {t('Log out')}
          </button>
        </div>
      )}
    </div>
  );
}
