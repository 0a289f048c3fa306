// /admin/bookings: the booked calls. A week as a table (times down, days across, in India's time, where
// the hours are kept), each call a button that shows it below with its Cancel; the list of the coming
// calls with search; cancelling with a message to the visitor; the blocked ranges (holidays, leave);
// and the calendar feed's secret address.
import { type SubmitEvent, useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { dateIn, INDIA_TIME_ZONE } from '../../lib/booking-times.ts';
import { LIMITS } from '../../lib/constants.ts';
import type { AdminBooking, Block } from '../../lib/schemas/bookings.ts';
import { site } from '../../lib/site.ts';
import { notify } from '../../lib/toast.ts';
import { FormDialog } from '../ui/FormDialog.tsx';
import { DialogButtons } from '../ui/FormButtons.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { dangerButton, inputClass, labelClass, primaryButton, secondaryButton } from '../ui/classes.ts';
import { adminErrorMessage } from './admin-error.ts';
import { AdminTable, cellClass as cell } from './AdminTable.tsx';
import { SearchBox } from './ListControls.tsx';

const DAY_MS = 86_400_000;
/** India's offset: it keeps no summer time, so a date and time there is this instant. */
const INDIA_OFFSET = '+05:30';
/** How far ahead the list and the blocks look: the API's longest range. */
const AHEAD_DAYS = 92;

/** A day of India's calendar (YYYY-MM-DD) moved by `days`. */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Monday of the week that holds `day` (India's calendar). */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const instantOf = (day: string, time = '00:00') => new Date(`${day}T${time}:00${INDIA_OFFSET}`).toISOString();

const dayLabel = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const fullLabel = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: INDIA_TIME_ZONE,
});
const when = (instant: string) => fullLabel.format(new Date(instant));
/** "10:00" in India, 24-hour, for the week's rows. */
const hhmm = (instant: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: INDIA_TIME_ZONE }).format(
    new Date(instant),
  );

/** The half-hours of the opening hours in content/site.json ("10:00 AM" to "4:00 PM"), as "HH:MM". */
function openingRows(): string[] {
  const minutes = (written: string) => {
    const [, h, m, half] = /^(\d+):(\d+) (AM|PM)$/.exec(written) ?? [];
    return ((Number(h) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(m);
  };
  const rows: string[] = [];
  for (let m = minutes(site.hours.open); m < minutes(site.hours.close); m += 30)
    rows.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  return rows;
}

function CancelDialog({
  booking,
  onClose,
  onDone,
}: {
  booking: AdminBooking | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const close = () => {
    setMessage('');
    setError('');
    onClose();
  };
  async function send(e: SubmitEvent) {
    e.preventDefault();
    if (!booking) return;
    setBusy(true);
    setError('');
    try {
      await api.post(`v1/admin/bookings/${encodeURIComponent(booking._id)}/cancel`, {
        ...(message.trim() ? { message: message.trim() } : {}),
      });
      notify('success', 'Call cancelled');
      setMessage('');
      onDone();
    } catch (err) {
      setError(adminErrorMessage(err, 'Could not cancel the call'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <FormDialog open={booking !== null} title={`Cancel the call with ${booking?.name ?? ''}`} onClose={close}>
      <form onSubmit={send} noValidate className="grid gap-4">
        <p className="text-sm text-slate-700">
          {booking && when(booking.start)} (India). <strong>{booking?.email}</strong> is e-mailed the cancellation with
          your message, and the time is free again at once.
        </p>
        <div>
          <label htmlFor="cancel-message" className={labelClass}>
            Message to the visitor (optional)
          </label>
          <textarea
            id="cancel-message"
            rows={4}
            maxLength={LIMITS.adminReplyMax}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            className={`mt-1 ${inputClass}`}
          />
        </div>
        {error && <FormAlert message={error} />}
        <DialogButtons onCancel={close} busy={busy} busyLabel="Cancelling...">
          Cancel the call
        </DialogButtons>
      </form>
    </FormDialog>
  );
}

function Week({ version, onCancel }: { version: number; onCancel: (b: AdminBooking) => void }) {
  const [monday, setMonday] = useState(() => mondayOf(dateIn(new Date().toISOString(), INDIA_TIME_ZONE)));
  const [bookings, setBookings] = useState<AdminBooking[] | null>(null);
  const [error, setError] = useState('');
  const [shown, setShown] = useState<AdminBooking | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes after a cancellation elsewhere on the page: the week is read again.
  useEffect(() => {
    let stale = false;
    api
      .get<{ data: AdminBooking[] }>('v1/admin/bookings', {
        from: instantOf(monday),
        to: instantOf(addDays(monday, 7)),
      })
      .then((res) => {
        if (stale) return;
        setBookings(res.data.filter((b) => b.status !== 'cancelled'));
        setError('');
      })
      .catch((err: unknown) => !stale && setError(adminErrorMessage(err)));
    return () => {
      stale = true;
    };
  }, [monday, version]);

  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const rows = [...new Set([...openingRows(), ...(bookings ?? []).map((b) => hhmm(b.start))])].sort();
  const at = (day: string, row: string) =>
    (bookings ?? []).filter((b) => dateIn(b.start, INDIA_TIME_ZONE) === day && hhmm(b.start) === row);
  const stillShown = shown && bookings?.find((b) => b._id === shown._id);

  return (
    <section aria-labelledby="week-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="week-title" className="text-xl font-semibold text-ink">
          Week of {dayLabel.format(new Date(`${monday}T00:00:00Z`))}
        </h2>
        <nav aria-label="Weeks" className="flex flex-wrap gap-2">
          <button type="button" className={secondaryButton} onClick={() => setMonday(addDays(monday, -7))}>
            Previous week
          </button>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => setMonday(mondayOf(dateIn(new Date().toISOString(), INDIA_TIME_ZONE)))}
          >
            This week
          </button>
          <button type="button" className={secondaryButton} onClick={() => setMonday(addDays(monday, 7))}>
            Next week
          </button>
        </nav>
      </div>
      <p className="text-sm text-slate-600">Times in India ({INDIA_TIME_ZONE}).</p>
      {error && <FormAlert message={`Could not load the week: ${error}`} />}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
      <section aria-label="Week table" tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200">
        <table className="w-full min-w-[44rem] table-fixed text-sm">
          <caption className="sr-only">
            Booked calls, week of {dayLabel.format(new Date(`${monday}T00:00:00Z`))}
          </caption>
          <thead className="bg-slate-50 text-ink">
            <tr>
              <th scope="col" className={`${cell} w-20`}>
                Time
              </th>
              {days.map((d) => (
                <th key={d} scope="col" className={cell}>
                  {dayLabel.format(new Date(`${d}T00:00:00Z`))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row}>
                <th scope="row" className={`${cell} font-medium`}>
                  {row}
                </th>
                {days.map((d) => (
                  <td key={d} className={cell}>
                    {at(d, row).map((b) => (
                      <button
                        key={b._id}
                        type="button"
                        aria-pressed={shown?._id === b._id}
                        onClick={() => setShown(b)}
                        className="block w-full rounded-md bg-brand-50 px-2 py-1 text-left text-xs font-semibold text-brand-800 hover:bg-brand-100 aria-pressed:ring-2 aria-pressed:ring-brand-600"
                      >
                        {b.name}
                      </button>
                    ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {bookings?.length === 0 && <p className="text-slate-700">No calls booked this week.</p>}
      {stillShown && (
        <section aria-label="Chosen call" className="grid gap-2 rounded-xl border border-slate-200 p-4">
          <p className="font-semibold text-ink">
            {when(stillShown.start)}: {stillShown.name} ({stillShown.email})
          </p>
          {stillShown.topic && <p className="whitespace-pre-line text-slate-700">{stillShown.topic}</p>}
          <div>
            <button type="button" className={dangerButton} onClick={() => onCancel(stillShown)}>
              Cancel this call
            </button>
          </div>
        </section>
      )}
    </section>
  );
}

function Upcoming({ version, onCancel }: { version: number; onCancel: (b: AdminBooking) => void }) {
  const [q, setQ] = useState('');
  const [list, setList] = useState<{ data: AdminBooking[]; total: number } | null>(null);
  const [error, setError] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes after a cancellation or a block: the list is read again.
  useEffect(() => {
    let stale = false;
    const now = new Date();
    api
      .get<{ data: AdminBooking[]; total: number }>('v1/admin/bookings', {
        from: now.toISOString(),
        to: new Date(now.getTime() + AHEAD_DAYS * DAY_MS).toISOString(),
        ...(q ? { q } : {}),
      })
      .then((res) => {
        if (stale) return;
        setList(res);
        setError('');
      })
      .catch((err: unknown) => !stale && setError(adminErrorMessage(err)));
    return () => {
      stale = true;
    };
  }, [q, version]);

  return (
    <section aria-labelledby="upcoming-title" className="grid gap-4">
      <h2 id="upcoming-title" className="text-xl font-semibold text-ink">
        Coming calls
      </h2>
      <SearchBox id="bookings-search" label="Search bookings by name or e-mail" onSearch={setQ} />
      {error && <FormAlert message={`Could not load the bookings: ${error}`} />}
      <p className="text-sm text-slate-600" aria-live="polite">
        {list ? `${list.total} ${list.total === 1 ? 'booking' : 'bookings'} found` : 'Loading bookings…'}
      </p>
      <AdminTable
        label="Bookings table"
        caption="Coming calls"
        headers={['When (India)', 'Name', 'E-mail', 'Topic', 'Status', 'Actions']}
      >
        {list?.data.map((b) => (
          <tr key={b._id}>
            <td className={`${cell} whitespace-nowrap`}>{when(b.start)}</td>
            <td className={cell}>{b.name}</td>
            <td className={cell}>{b.email}</td>
            <td className={cell}>{b.topic}</td>
            <td className={cell}>{b.status === 'cancelled' ? 'Cancelled' : 'Booked'}</td>
            <td className={cell}>
              {b.status !== 'cancelled' && (
                <button type="button" className={dangerButton} onClick={() => onCancel(b)}>
                  Cancel<span className="sr-only"> the call with {b.name}</span>
                </button>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}

function Blocks({ onChange }: { onChange: () => void }) {
  const [blocks, setBlocks] = useState<Block[] | null>(null);
  const [error, setError] = useState('');
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const now = new Date();
    try {
      const res = await api.get<{ data: Block[] }>('v1/admin/bookings/blocks', {
        from: now.toISOString(),
        to: new Date(now.getTime() + AHEAD_DAYS * DAY_MS).toISOString(),
      });
      setBlocks(res.data);
      setError('');
    } catch (err) {
      setError(adminErrorMessage(err));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function add(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const start = String(data.get('start') ?? '');
    const end = String(data.get('end') ?? '');
    if (!start || !end) return setFormError('Give the start and the end.');
    setBusy(true);
    setFormError('');
    try {
      // The fields are India's wall-clock times, whatever the admin's own zone.
      await api.post('v1/admin/bookings/blocks', {
        start: `${start}:00${INDIA_OFFSET}`,
        end: `${end}:00${INDIA_OFFSET}`,
        reason: String(data.get('reason') ?? ''),
      });
      form.reset();
      notify('success', 'Time blocked');
      await load();
      onChange();
    } catch (err) {
      setFormError(adminErrorMessage(err, 'Could not block the time'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(block: Block) {
    try {
      await api.delete(`v1/admin/bookings/blocks/${encodeURIComponent(block._id)}`);
      notify('success', 'Block removed');
      await load();
      onChange();
    } catch (err) {
      notify('error', adminErrorMessage(err, 'Could not remove the block'));
    }
  }

  return (
    <section aria-labelledby="blocks-title" className="grid gap-4">
      <h2 id="blocks-title" className="text-xl font-semibold text-ink">
        Blocked times
      </h2>
      <p className="text-sm text-slate-700">
        No slot inside a blocked range is offered (holidays, leave). Calls already booked in it stay until cancelled.
      </p>
      <form onSubmit={add} noValidate className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-3">
        <div>
          <label htmlFor="block-start" className={labelClass}>
            From (India time)
          </label>
          <input id="block-start" name="start" type="datetime-local" required className={`mt-1 ${inputClass}`} />
        </div>
        <div>
          <label htmlFor="block-end" className={labelClass}>
            Until (India time)
          </label>
          <input id="block-end" name="end" type="datetime-local" required className={`mt-1 ${inputClass}`} />
        </div>
        <div>
          <label htmlFor="block-reason" className={labelClass}>
            Reason
          </label>
          <input id="block-reason" name="reason" type="text" maxLength={200} className={`mt-1 ${inputClass}`} />
        </div>
        {formError && (
          <div className="sm:col-span-3">
            <FormAlert message={formError} />
          </div>
        )}
        <div className="sm:col-span-3">
          <button type="submit" className={`${primaryButton} w-auto`} disabled={busy}>
            {busy ? 'Blocking...' : 'Block this time'}
          </button>
        </div>
      </form>
      {error && <FormAlert message={`Could not load the blocked times: ${error}`} />}
      {blocks && blocks.length === 0 && <p className="text-slate-700">No time is blocked.</p>}
      {blocks && blocks.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {blocks.map((b) => (
            <li key={b._id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
              <span>
                {when(b.start)} – {when(b.end)}
                {b.reason && <span className="text-slate-600"> · {b.reason}</span>}
              </span>
              <button type="button" className={secondaryButton} onClick={() => void remove(b)}>
                Remove<span className="sr-only"> the block from {when(b.start)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Feed() {
  const [url, setUrl] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function renew() {
    setBusy(true);
    setError('');
    try {
      setUrl((await api.post<{ url: string }>('v1/admin/bookings/feed')).url);
    } catch (err) {
      setError(adminErrorMessage(err, 'Could not make a feed address'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="feed-title" className="grid gap-4">
      <h2 id="feed-title" className="text-xl font-semibold text-ink">
        Calendar feed
      </h2>
      <p className="text-sm text-slate-700">
        A secret address of every coming call, to subscribe to from Google Calendar or Outlook. Making a new one stops
        the old one from working.
      </p>
      <div>
        <button type="button" className={secondaryButton} disabled={busy} onClick={() => void renew()}>
          {busy ? 'Making...' : 'Make a new feed address'}
        </button>
      </div>
      {error && <FormAlert message={error} />}
      {url && (
        <div>
          <label htmlFor="feed-url" className={labelClass}>
            Feed address (shown once: copy it now)
          </label>
          <input id="feed-url" type="text" readOnly value={url} className={`mt-1 ${inputClass}`} />
        </div>
      )}
    </section>
  );
}

export function AdminBookings() {
  const [cancelling, setCancelling] = useState<AdminBooking | null>(null);
  /** Bumped by a change that the week and the list must show. */
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  return (
    <div className="grid gap-12">
      <Week version={version} onCancel={setCancelling} />
      <Upcoming version={version} onCancel={setCancelling} />
      <Blocks onChange={changed} />
      <Feed />
      <CancelDialog
        booking={cancelling}
        onClose={() => setCancelling(null)}
        onDone={() => {
          setCancelling(null);
          changed();
        }}
      />
    </div>
  );
}
