// The toaster on every page; on mount it shows the toasts flashed by the previous page.
// react-toastify's stylesheet is a file of its own, fetched with this module and linked when the toaster
// hydrates (only when there is a toast to show): its class names are built at run time
// (`Toastify__toast--${type}`), so the per-page CSS step could not tell which of its rules a page uses, and
// most pages never show a toast.
// The toasts come translated by the islands that show them; the toaster's own words follow `locale`.
import { useEffect, useState } from 'react';
import { type CloseButtonProps, ToastContainer } from 'react-toastify/unstyled';
import stylesheet from 'react-toastify/ReactToastify.css?url';
import { showFlashes } from '../../lib/toast.ts';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';
import { useT } from '../ui/i18n.tsx';

// Fetched with this module (src/directives/toast.ts fetches it before the first toast) but applied only
// when the toaster mounts: a new stylesheet restyles the whole page.
if (typeof document !== 'undefined' && !document.querySelector(`link[href="${stylesheet}"]`))
  document.head.append(
    Object.assign(document.createElement('link'), { rel: 'preload', as: 'style', href: stylesheet }),
  );

/** Resolves once the stylesheet has loaded (or failed: toasts then show unstyled rather than never). */
function linkStylesheet(): Promise<void> {
  const existing = document.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${stylesheet}"]`);
  if (existing?.sheet) return Promise.resolve();
  const link = existing ?? Object.assign(document.createElement('link'), { rel: 'stylesheet', href: stylesheet });
  const loaded = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  if (!existing) document.head.append(link);
  return loaded;
}

/** react-toastify's own close button, drawn the same, with its label in the page's language. */
function CloseButton({ closeToast, theme, ariaLabel }: CloseButtonProps) {
  return (
    <button
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      type="button"
      onClick={(e) => {
        e.stopPropagation();
        closeToast(true);
      }}
      aria-label={ariaLabel}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

function Toasts() {
  const t = useT();
  // react-toastify calls `closeButton` as a plain function, not as a component: the label is read here.
  const closeLabel = t('close');
  return (
    <ToastContainer
      position="top-center"
      autoClose={5000}
      newestOnTop
      closeOnClick
      pauseOnFocusLoss={false}
      closeButton={(props) => <CloseButton {...props} ariaLabel={closeLabel} />}
      aria-label={t('Notifications Alt+T')}
    />
  );
}

export default function Toaster({ locale }: IslandProps) {
  // react-toastify queues toasts until its container mounts, so none is lost while the sheet loads.
  const [styled, setStyled] = useState(false);
  useEffect(() => {
    let live = true;
    void linkStylesheet().then(() => live && setStyled(true));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (styled) showFlashes();
  }, [styled]);
  if (!styled) return null;
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <Toasts />
    </Island>
  );
}
