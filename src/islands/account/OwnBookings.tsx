// The dashboard's "Your calls": the calls booked while signed in, in the visitor's time zone (India's beside
// it), with where each stands; the mailed link of each call moves or cancels it.
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { visitorTimeZone } from '../../lib/booking-times.ts';
import type { OwnBooking } from '../../lib/schemas/bookings.ts';
import { callTime } from '../book/call-time.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { Loading } from '../ui/Loading.tsx';
import { useLanguage } from '../ui/i18n.tsx';
import { problemOf } from './AccountPanel.tsx';

/**
 * The calls, once there are some. The zone is asked for here, not when the dashboard hydrates: the page's
 * first Intl call starts the browser's ICU, about 100 ms of a phone's main thread in one task, which a
 * visitor with no calls (most of them) should not pay.
 */
function BookingList({ bookings }: { bookings: OwnBooking[] }) {
  const { t, locale } = useLanguage();
  const [timeZone] = useState(visitorTimeZone);
  return (
    <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-surface">
      {bookings.map((b) => (
        <li key={b._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4">
          <time dateTime={b.start} className="text-sm text-slate-700">
            {callTime(b.start, timeZone, locale, t)}
          </time>
          <p className="min-w-0 flex-1 truncate text-ink">{b.topic}</p>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${b.status === 'cancelled' ? 'bg-slate-200 text-slate-800' : 'bg-emerald-100 text-emerald-800'}`}
          >
            {b.status === 'cancelled' ? t('Cancelled') : t('Booked')}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function OwnBookings() {
  const { t, path } = useLanguage();
  const [bookings, setBookings] = useState<OwnBooking[] | null>(null);
  const [alert, setAlert] = useState('');

  useEffect(() => {
    api
      .get<{ data: OwnBooking[] }>('v1/account/bookings')
      .then((res) => setBookings(res.data))
      .catch((err: unknown) => setAlert(problemOf(err).message));
  }, []);

  return (
    <section aria-labelledby="bookings-title" className="mx-auto w-full max-w-6xl px-4 pt-10 sm:px-6 lg:px-8">
      <h2 id="bookings-title" className="text-2xl font-bold tracking-tight text-ink">
        {t('Your calls')}
      </h2>
      {alert ? (
        <div className="mt-4">
          <FormAlert message={alert} />
        </div>
      ) : !bookings ? (
        <Loading compact label={t('Loading your calls…')} />
      ) : bookings.length === 0 ? (
        <p className="mt-2 text-slate-700">
          {t('Calls you book while signed in appear here.')}{' '}
          <a href={path('/book')} className="font-medium text-brand-700 underline">
            {t('Book a call')}
          </a>
        </p>
      ) : (
        <BookingList bookings={bookings} />
      )}
    </section>
  );
}
