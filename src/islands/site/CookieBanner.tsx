// Shown while no consent value is stored, and again whenever the visitor asks for it through the footer's
// 'Cookie settings'. Prebuilt and live before React loads: the three choices of the prebuilt banner are
// answered by a plain script (src/scripts/cookie-choice.ts, through the `data-consent` buttons), and
// client:interaction="consent" hydrates it only for 'Cookie Settings' (`data-cookie-customise`) or the
// footer's request, replaying the click that started it.
import { useEffect, useRef, useState } from 'react';
import { COOKIE_CONSENT_KEY, COOKIE_SETTINGS_EVENT, type CookieConsent } from '../../lib/constants.ts';
import { cookieSettingsRequested, readConsent, saveConsent } from '../../lib/consent.ts';
import { controlAfter } from '../../lib/focus.ts';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';
import { useLanguage } from '../ui/i18n.tsx';

const categories = [
  {
    name: 'Essential',
    text: 'Needed for the site to work: keeping you signed in, remembering this choice and protecting forms. Always on.',
  },
  {
    name: 'Analytics',
    text: 'Help us understand which pages are visited and how the site performs, so that we can improve it. Counted on our own server, without cookies.',
  },
  {
    name: 'Marketing',
    text: 'None in use: we run no advertising or partner trackers.',
  },
];

const choices: { label: string; value: CookieConsent; primary?: boolean }[] = [
  { label: 'Reject All', value: 'rejected' },
  { label: 'Essential Only', value: 'essential' },
  { label: 'Accept All', value: 'accepted', primary: true },
];

function Banner() {
  const { t, path } = useLanguage();
  // Prebuilt open, so that it paints with the page; a stored choice hides it before the first paint
  // (the `consent-given` class, see src/build/head-boot.ts) and then it never hydrates.
  const [open, setOpen] = useState(true);
  const [settings, setSettings] = useState(false);
  // The stored choice, shown when the visitor reopens the banner to change it.
  const [current, setCurrent] = useState<CookieConsent | null>(null);
  // Counts the requests to reopen: each one moves focus into the banner once it is rendered.
  const [reopened, setReopened] = useState(0);
  const region = useRef<HTMLElement>(null);
  // The control that asked for the banner again (the footer's 'Cookie settings'): focus goes back there.
  const returnTo = useRef<Element | null>(null);

  // Keyboard and screen-reader users land in the banner they asked for.
  useEffect(() => {
    if (reopened === 0) return;
    returnTo.current = document.activeElement;
    region.current?.focus();
  }, [reopened]);

  useEffect(() => {
    const reopen = () => {
      setCurrent(readConsent());
      setOpen(true);
      setReopened((n) => n + 1);
    };
    if (readConsent() !== null && cookieSettingsRequested()) reopen();
    else setOpen(readConsent() === null);
    // A choice made in another tab closes this banner too.
    const onStorage = (e: StorageEvent) => {
      if (e.key === COOKIE_CONSENT_KEY || e.key === null) setOpen(readConsent() === null);
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener(COOKIE_SETTINGS_EVENT, reopen);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(COOKIE_SETTINGS_EVENT, reopen);
    };
  }, []);

  if (!open) return null;

  // The link sits where the language puts it in the sentence: the text around it, in two parts.
  const [beforeLink, afterLink] = t(
    'Essential cookies and storage keep the site working. With your permission we would also count visits with our own analytics, which sets no cookies. Read more in our {link}.',
  ).split('{link}');

  const choose = (value: CookieConsent) => {
    // The banner goes: focus in it moves back to where the visitor asked for it, or on to the page's next
    // control, never to <body>.
    const banner = region.current;
    if (banner?.contains(document.activeElement)) {
      const back = returnTo.current;
      (back instanceof HTMLElement && back.isConnected ? back : controlAfter(banner))?.focus();
    }
    saveConsent(value);
    setOpen(false);
  };

  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-label={t('Cookie consent')}
      className="cookie-banner fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-surface px-3 py-2.5 shadow-[0_-8px_24px_rgba(15,23,42,0.12)] sm:inset-x-4 sm:bottom-4 sm:rounded-2xl sm:border sm:p-4"
    >
      {/* Compact on phones (tighter spacing, the three choices on one row), so that the first screen keeps
          the page's own actions in view; the texts are the same at every width. */}
      <div className="mx-auto flex max-w-5xl flex-col gap-2 sm:gap-4">
        <div>
          <h2 className="text-sm font-semibold text-ink sm:text-base">{t('We use cookies')}</h2>
          <p className="mt-0.5 text-xs text-slate-700 sm:mt-1 sm:text-sm">
            {beforeLink}
            <a href={path('/policy/')} className="font-medium text-brand-700 underline">
              {t('privacy policy')}
            </a>
            {afterLink}
          </p>
          {current && (
            <p className="mt-1 text-sm text-slate-700">
              {t('Your current choice: {choice}.', {
                choice: t(choices.find((c) => c.value === current)?.label ?? ''),
              })}
            </p>
          )}
        </div>
        {settings && (
          <ul id="cookie-settings" className="grid gap-3 sm:grid-cols-3">
            {categories.map((c) => (
              <li key={c.name} className="rounded-xl bg-slate-50 p-3">
                <h3 className="text-sm font-semibold text-ink">{t(c.name)}</h3>
                <p className="mt-1 text-sm text-slate-700">{t(c.text)}</p>
              </li>
            ))}
          </ul>
        )}
        <div className="grid grid-cols-3 items-center gap-2 sm:flex sm:flex-wrap">
          <button
            type="button"
            className="col-span-3 justify-self-start rounded-lg py-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline sm:mr-auto sm:px-3 sm:py-2"
            aria-expanded={settings}
            aria-controls={settings ? 'cookie-settings' : undefined}
            data-cookie-customise
            onClick={() => setSettings((s) => !s)}
          >
            {t('Cookie Settings')}
          </button>
          {choices.map((c) => (
            <button
              key={c.value}
              type="button"
              data-consent={c.value}
              onClick={() => choose(c.value)}
              className={
                c.primary
                  ? 'whitespace-nowrap rounded-lg bg-action px-1 py-2 text-[13px] font-semibold text-white hover:bg-action-hover sm:px-4 sm:text-sm'
                  : 'whitespace-nowrap rounded-lg border border-slate-300 px-1 py-2 text-[13px] font-semibold text-ink hover:border-brand-500 sm:px-4 sm:text-sm'
              }
            >
              {t(c.label)}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}

export default function CookieBanner({ locale }: IslandProps) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <Banner />
    </Island>
  );
}
