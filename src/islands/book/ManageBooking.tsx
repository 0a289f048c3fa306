// /book/manage#<token>: the call the mailed link names, and what its holder may do with it: move it to
// another free slot, or cancel it. The token travels in the address's fragment, which no server and no log
// ever sees, and from here only in a request's body.
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, toApiError } from '../../lib/api-error.ts';
import { dateIn, type Slot, slotDays, visitorTimeZone } from '../../lib/booking-times.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { Loading } from '../ui/Loading.tsx';
import { dangerButton, primaryButton, secondaryButton } from '../ui/classes.ts';
import { useLanguage } from '../ui/i18n.tsx';
import { callTime } from './call-time.ts';
import { cancel, freeSlots, type ManagedBooking, manage, nextFree, reschedule } from './booking-api.ts';
import { SlotAlert } from './SlotAlert.tsx';
import { SlotPicker } from './SlotPicker.tsx';

/** The token of `#<token>` (or `#token=<token>`), or '' when the address has none. */
function tokenOfAddress(): string {
  const hash = decodeURIComponent(location.hash.replace(/^#/, ''));
  return hash.startsWith('token=') ? hash.slice('token='.length) : hash;
}

type View =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string }
  | { kind: 'shown'; booking: ManagedBooking };

function Manage() {
  const { t, locale, path } = useLanguage();
  const [token] = useState(tokenOfAddress);
  const [timeZone] = useState(visitorTimeZone);
  const [view, setView] = useState<View>({ kind: 'loading' });
  /** What the last action did ('Your call is cancelled.'), announced above the booking. */
  const [done, setDone] = useState('');
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  // Moving the call: the free slots, the chosen day and time.
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [pickError, setPickError] = useState('');
  const [offered, setOffered] = useState<Slot[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);

  const show = useCallback(async () => {
    if (!token) return setView({ kind: 'missing' });
    try {
      setView({ kind: 'shown', booking: await manage(token) });
    } catch (err) {
      const problem = toApiError(err);
      setView(problem.status === 404 ? { kind: 'missing' } : { kind: 'failed', message: errorMessage(problem) });
    }
  }, [token]);

  useEffect(() => {
    void show();
  }, [show]);

  const loadSlots = async () => {
    const free = await freeSlots();
    setSlots(free);
    setDay((d) => d ?? slotDays(free, timeZone, locale)[0]?.key ?? null);
    return free;
  };

  const openMove = async () => {
    setAlert('');
    setDone('');
    try {
      await loadSlots();
    } catch (err) {
      setAlert(errorMessage(err));
    }
  };

  const closeMove = () => {
    setSlots(null);
    setStart(null);
    setOffered([]);
    setPickError('');
  };

  const finish = async (message: string) => {
    closeMove();
    await show();
    setDone(message);
    heading.current?.focus();
  };

  const move = async () => {
    if (!start) return setPickError('Choose a time');
    setBusy(true);
    setAlert('');
    try {
      await reschedule(token, start);
      await finish('Your call is moved.');
    } catch (err) {
      const problem = toApiError(err);
      if (problem.status === 409) {
        // Taken meanwhile (or the call began or was cancelled elsewhere): the call is read again, and the
        // next free times are offered.
        await show();
        const free = await loadSlots().catch(() => [] as Slot[]);
        setOffered(nextFree(free, start));
        setStart(null);
        setAlert(problem.message);
      } else setAlert(errorMessage(problem));
    } finally {
      setBusy(false);
    }
  };

  const confirmCancel = async () => {
    setAsking(false);
    setBusy(true);
    setAlert('');
    try {
      await cancel(token);
      await finish('Your call is cancelled.');
    } catch (err) {
      setAlert(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (view.kind === 'loading') return <Loading label={t('Loading your booking…')} />;
  if (view.kind === 'failed') return <FormAlert message={view.message} />;
  if (view.kind === 'missing') {
    return (
      <div className="grid gap-3">
        <h2 className="text-xl font-semibold text-ink">{t('We could not find this booking')}</h2>
        <p className="text-slate-700">
          {t('Open the link in your confirmation e-mail again: it holds the whole address of your booking.')}
        </p>
        <p>
          <a href={path('/book')} className="font-medium text-brand-700 underline">
            {t('Book a new call')}
          </a>
        </p>
      </div>
    );
  }

  const { booking } = view;
  const cancelled = booking.status === 'cancelled';
  return (
    <div className="grid gap-6">
      {done && (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">
          {t(done)}
        </p>
      )}
      <section
        aria-labelledby="booking-title"
        className="grid gap-2 rounded-2xl border border-slate-200 bg-surface p-6"
      >
        <h2 id="booking-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-ink">
          {cancelled ? t('Cancelled call') : t('Your call')}
        </h2>
        <dl className="grid gap-1 text-slate-800 sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="font-medium">{t('When')}</dt>
          <dd>
            <time dateTime={booking.start}>{callTime(booking.start, timeZone, locale, t)}</time>
          </dd>
          <dt className="font-medium">{t('Name')}</dt>
          <dd>{booking.name}</dd>
          {booking.topic && (
            <>
              <dt className="font-medium">{t('Topic')}</dt>
              <dd className="whitespace-pre-line">{booking.topic}</dd>
            </>
          )}
        </dl>
      </section>
      <SlotAlert
        message={alert}
        offered={offered}
        timeZone={timeZone}
        onTake={(s) => {
          setDay(dateIn(s.start, timeZone));
          setStart(s.start);
          setOffered([]);
          setAlert('');
        }}
      />
      {cancelled ? (
        <p>
          <a href={path('/book')} className="font-medium text-brand-700 underline">
            {t('Book a new call')}
          </a>
        </p>
      ) : slots ? (
        <section aria-labelledby="move-title" className="grid gap-4">
          <h2 id="move-title" className="text-lg font-semibold text-ink">
            {t('Move the call')}
          </h2>
          {slots.length === 0 ? (
            <p className="text-slate-700">{t('No free times are left in the next 30 days.')}</p>
          ) : (
            <SlotPicker
              id="move"
              days={slotDays(slots, timeZone, locale)}
              timeZone={timeZone}
              day={day}
              onDay={(d) => {
                setDay(d);
                setStart(null);
              }}
              start={start}
              onStart={(s) => {
                setStart(s);
                setPickError('');
              }}
              error={pickError || undefined}
            />
          )}
          <div className="flex flex-wrap gap-3">
            <button type="button" className={`${primaryButton} w-auto`} disabled={busy} onClick={() => void move()}>
              {busy ? t('Please wait...') : t('Move to this time')}
            </button>
            <button type="button" className={secondaryButton} onClick={closeMove}>
              {t('Keep the current time')}
            </button>
          </div>
        </section>
      ) : (
        <div className="flex flex-wrap gap-3">
          <button type="button" className={`${primaryButton} w-auto`} disabled={busy} onClick={() => void openMove()}>
            {t('Move the call')}
          </button>
          <button type="button" className={dangerButton} disabled={busy} onClick={() => setAsking(true)}>
            {t('Cancel the call')}
          </button>
        </div>
      )}
      <ConfirmDialog
        message={
          asking ? t('Cancel the call on {time}?', { time: callTime(booking.start, timeZone, locale, t) }) : null
        }
        title={t('Cancel the call')}
        confirmLabel={t('Yes, cancel the call')}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}

export default function ManageBooking({ locale }: IslandProps) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <Manage />
    </Island>
  );
}
