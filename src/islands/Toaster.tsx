// The toaster on every page; on mount it shows the toasts flashed by the previous page.
import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { showFlashes } from '../lib/toast.ts';
import { ErrorBoundary } from './_parts/ErrorBoundary.tsx';

export default function Toaster() {
  useEffect(showFlashes, []);
  return (
    <ErrorBoundary>
      <ToastContainer position="top-center" autoClose={5000} newestOnTop closeOnClick pauseOnFocusLoss={false} />
    </ErrorBoundary>
  );
}
