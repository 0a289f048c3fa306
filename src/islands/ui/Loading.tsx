// What a protected island shows while the session is being checked: nothing of the protected content.
import { useT } from './i18n.tsx';

export function Loading({ label, compact = false }: { label?: string; compact?: boolean }) {
  const t = useT();
  return (
    <div
      role="status"
      className={`flex items-center gap-3 text-slate-600 ${compact ? 'py-4' : 'min-h-[40vh] justify-center'}`}
    >
      <span
        className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
        aria-hidden="true"
      />
      {label ?? t('Loading…')}
    </div>
  );
}
