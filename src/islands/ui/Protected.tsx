// Renders its children only once the guard allows them: a loading state before, never a flash of content.
import { useDeferredValue, type ReactNode } from 'react';
import type { User } from '../../lib/schemas/auth.ts';
import { loadUser } from '../../lib/session.ts';
import { Loading } from './Loading.tsx';
import type { Rule } from './guard-verdict.ts';
import { useGuard } from './useGuard.ts';
import { secondaryButton } from './classes.ts';
import { useT } from './i18n.tsx';

interface Props {
  rule: Exclude<Rule, 'guest'>;
  /** Wrap the waiting states in <main id="main"> on pages whose layout has no main of its own. */
  main?: boolean;
  /** A small waiting state, for one panel among several on a page. */
  compact?: boolean;
  children: (user: User) => ReactNode;
}

export function Protected({ rule, main = false, compact = false, children }: Props) {
  const { session, allowed } = useGuard(rule);
  const user = allowed ? session.userData : null;
  // The session store updates synchronously, so the page's whole content would render and commit in
  // one long task the moment the user arrives. Its first render is deferred to a transition instead,
  // which React splits into short slices; later changes (a new name, a sign-out) show at once.
  const shown = useDeferredValue(user);
  if (user && shown) return <>{children(user)}</>;
  const waiting = (
    <Waiting failed={session.loadError && !session.isLoading ? session.loadError : null} compact={compact} />
  );
  return main ? (
    <main id="main" className="min-h-screen flex-1">
      {waiting}
    </main>
  ) : (
    waiting
  );
}

function Waiting({ failed, compact }: { failed: string | null; compact: boolean }) {
  const t = useT();
  if (failed) {
    return (
      <div role="alert" className="mx-auto my-16 max-w-md text-center">
        <p className="text-ink">{t('We could not load your account: {message}', { message: t(failed) })}</p>
        <button type="button" className={`mt-4 ${secondaryButton}`} onClick={() => void loadUser()}>
          {t('Try again')}
        </button>
      </div>
    );
  }
  return <Loading label={t('Checking your session…')} compact={compact} />;
}
