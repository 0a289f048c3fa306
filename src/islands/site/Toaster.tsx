// The toaster on every page; on mount it shows the toasts flashed by the previous page.
// react-toastify's stylesheet is a file of its own, linked when the toaster hydrates (only when there is
// a toast to show): its class names are built at run time (`Toastify__toast--${type}`), so the per-page
// CSS step could not tell which of its rules a page uses, and most pages never show a toast.
import { useEffect, useState } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import stylesheet from 'react-toastify/ReactToastify.css?url';
import { showFlashes } from '../../lib/toast.ts';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';

/** Resolves once the stylesheet has loaded (or failed: toasts then show unstyled rather than never). */
function linkStylesheet(): Promise<void> {
  const existing = document.querySelector<HTMLLinkElement>(`link[href="${stylesheet}"]`);
  if (existing?.sheet) return Promise.resolve();
  const link = existing ?? Object.assign(document.createElement('link'), { rel: 'stylesheet', href: stylesheet });
  const loaded = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  if (!existing) document.head.append(link);
  return loaded;
}

export default function Toaster() {
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
    <ErrorBoundary>
      <ToastContainer position="top-center" autoClose={5000} newestOnTop closeOnClick pauseOnFocusLoss={false} />
    </ErrorBoundary>
  );
}
