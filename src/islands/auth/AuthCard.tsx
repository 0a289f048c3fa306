// The frame of the sign-in screens: a centred card with a heading and an optional intro, and their forms.
import type { ReactNode, SubmitEvent } from 'react';
import { cardClass } from '../ui/classes.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { useT } from '../ui/i18n.tsx';

export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <div className={cardClass}>
        <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
        {intro && <p className="mt-2 text-sm text-slate-600">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

export function OrDivider() {
  const t = useT();
  return (
    <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-600" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      {t('or')}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

/** A form of the sign-in screens: our own checks instead of the browser's, and the form's alert first. */
export function AuthForm({
  onSubmit,
  alert,
  children,
}: {
  onSubmit: (e: SubmitEvent<HTMLFormElement>) => unknown;
  alert?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {alert && <FormAlert message={alert} />}
      {children}
    </form>
  );
}
