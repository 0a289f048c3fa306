// Every island's root: an island that throws shows this fallback with the message, never a blank space.
// The fallback reads the island's language from <Translated>, which wraps the boundary.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useT } from './i18n.tsx';

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    return error ? <Fallback error={error} /> : this.props.children;
  }
}

function Fallback({ error }: { error: Error }) {
  const t = useT();
  return (
    <div role="alert" className="mx-auto my-8 max-w-xl rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
      <h2 className="text-lg font-semibold text-red-900">{t('Unexpected Application Error!')}</h2>
      <p className="mt-2 font-mono text-sm break-words">{t(error.message || 'Unknown error')}</p>
    </div>
  );
}
