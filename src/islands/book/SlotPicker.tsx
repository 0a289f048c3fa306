// Choosing a free slot: the days, then the chosen day's times, each a native radio group (a fieldset with
// its legend), so that arrow keys move within a group, Tab between groups, and a screen reader names each
// choice and its group with no code of ours. Times are the visitor's, India's beside them.
import type { SlotDay } from '../../lib/booking-times.ts';
import { errorClass } from '../ui/classes.ts';
import { useT } from '../ui/i18n.tsx';

/** A choice drawn as a pill: the native radio hidden but focusable, its label showing focus and the choice. */
const choiceClass =
  'block cursor-pointer rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm text-ink hover:border-brand-500 peer-checked:border-brand-600 peer-checked:bg-brand-50 peer-checked:font-semibold peer-checked:text-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600';

interface Props {
  /** Prefix of the inputs' ids and names: two pickers may share a page. */
  id: string;
  days: SlotDay[];
  /** The visitor's zone, named in the times' legend. */
  timeZone: string;
  day: string | null;
  onDay: (day: string) => void;
  start: string | null;
  onStart: (start: string) => void;
  /** Why no time is chosen yet (a check's message), shown under the times. */
  error?: string | undefined;
}

export function SlotPicker({ id, days, timeZone, day, onDay, start, onStart, error }: Props) {
  const t = useT();
  const chosen = days.find((d) => d.key === day);
  const errorId = `${id}-time-error`;
  return (
    <div className="grid gap-6">
      <fieldset>
        <legend className="text-sm font-medium text-ink">{t('Day')}</legend>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {days.map((d) => (
            <div key={d.key}>
              <input
                type="radio"
                id={`${id}-day-${d.key}`}
                name={`${id}-day`}
                value={d.key}
                checked={d.key === day}
                onChange={() => onDay(d.key)}
                className="peer sr-only"
              />
              <label htmlFor={`${id}-day-${d.key}`} className={choiceClass}>
                {d.label}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      {chosen && (
        <fieldset aria-describedby={error ? errorId : undefined}>
          <legend className="text-sm font-medium text-ink">
            {t('Time on {day}, in your time zone ({zone})', { day: chosen.label, zone: timeZone })}
          </legend>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {chosen.slots.map((s) => (
              <div key={s.start}>
                <input
                  type="radio"
                  id={`${id}-time-${s.start}`}
                  name={`${id}-time`}
                  value={s.start}
                  checked={s.start === start}
                  onChange={() => onStart(s.start)}
                  className="peer sr-only"
                />
                <label htmlFor={`${id}-time-${s.start}`} className={choiceClass}>
                  {s.time}
                  {s.india && <span className="text-slate-700"> · {t('{time} in India', { time: s.india })}</span>}
                </label>
              </div>
            ))}
          </div>
          {error && (
            <p id={errorId} className={errorClass}>
              {t(error)}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}
