// A booking form's alert, and when the time asked for was just taken, the next free times as buttons:
// one press takes that time instead.
import type { Slot } from '../../lib/booking-times.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { secondaryButton } from '../ui/classes.ts';
import { useLanguage } from '../ui/i18n.tsx';
import { callTime } from './call-time.ts';

export function SlotAlert({
  message,
  offered,
  timeZone,
  onTake,
}: {
  message: string;
  offered: Slot[];
  timeZone: string;
  onTake: (slot: Slot) => void;
}) {
  const { t, locale } = useLanguage();
  if (!message) return null;
  return (
    <div className="grid gap-3">
      <FormAlert message={message} />
      {offered.length > 0 && (
        <div>
          <p className="text-sm font-medium text-ink">{t('The next free times:')}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {offered.map((s) => (
              <li key={s.start}>
                <button type="button" className={secondaryButton} onClick={() => onTake(s)}>
                  {callTime(s.start, timeZone, locale, t)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
