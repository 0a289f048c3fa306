import { secondaryButton } from '../ui/classes.ts';

/** The admin reports' period choice: one pressed button per period, as a labelled group. */
export function PeriodPicker({
  periods,
  days,
  onChange,
}: {
  periods: readonly number[];
  days: number;
  onChange: (days: number) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Period</legend>
      {periods.map((p) => (
        <button
          key={p}
          type="button"
          aria-pressed={days === p}
          onClick={() => onChange(p)}
          className={`${secondaryButton} aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700`}
        >
          Last {p} days
        </button>
      ))}
    </fieldset>
  );
}
