// /book: the visitor picks a free 30-minute slot of the next 30 days (in their own time zone, India's
// beside it), gives a name and an e-mail address, and books; the confirmation shows here and comes by mail.
// The page is static: this island hydrates on the visitor's first interaction (client:interaction), and
// only then asks for the free slots. Its prebuilt markup is the form itself, with a button that shows the
// times, so that a keyboard reaches it with Tab; focus moves to the days when they come.
import { type SubmitEvent, useCallback, useEffect, useRef, useState } from 'react';
import { toApiError } from '../../lib/api-error.ts';
import { dateIn, INDIA_TIME_ZONE, type Slot, slotDays, visitorTimeZone } from '../../lib/booking-times.ts';
import { LIMITS } from '../../lib/constants.ts';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';
import { fieldErrors } from '../ui/Field.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { errorClass, inputClass, labelClass, primaryButton, secondaryButton } from '../ui/classes.ts';
import { useLanguage } from '../ui/i18n.tsx';
import { useAccountFields } from '../ui/useAccountFields.ts';
import { useForm } from '../ui/useForm.ts';
import { book, freeSlots, nextFree } from './booking-api.ts';
import { callTime } from './call-time.ts';
import { SlotAlert } from './SlotAlert.tsx';
import { SlotPicker } from './SlotPicker.tsx';

/** The spec's words for an address that is not one (spelled so). */
export const INVALID_EMAIL = 'Enter a Vaild Email';

type Loading = 'waiting' | 'loading' | 'ready' | 'failed';

/** The field messages of a refused booking: an address the server refuses gets the spec's words. */
function refusedFields(issues: Parameters<typeof fieldErrors>[0]): Record<string, string> {
  const fields = fieldErrors(issues);
  if (fields.email) fields.email = INVALID_EMAIL;
  return fields;
}

function Booking() {
  const { t, locale, path } = useLanguage();
  const [loading, setLoading] = useState<Loading>('waiting');
  const [slots, setSlots] = useState<Slot[]>([]);
  // India's zone until the browser says its own (the prebuilt page knows no visitor).
  const [timeZone, setTimeZone] = useState(INDIA_TIME_ZONE);
  const [day, setDay] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  /** After a slot was taken: the next free times, offered beside the message. */
  const [offered, setOffered] = useState<Slot[]>([]);
  const [booked, setBooked] = useState<{ start: string; email: string } | null>(null);
  const { errors, alert, busy, run, setErrors, setAlert } = useForm();
  const form = useRef<HTMLFormElement>(null);
  const showButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  /** The control to focus once the next render has drawn it (its id). */
  const focusNext = useRef<string | null>(null);

  const load = useCallback(
    async (zone: string) => {
      setLoading('loading');
      try {
        const free = await freeSlots();
        setSlots(free);
        const days = slotDays(free, zone, locale);
        setDay((d) => (d && days.some((x) => x.key === d) ? d : (days[0]?.key ?? null)));
        setStart((s) => (s && free.some((x) => x.start === s) ? s : null));
        // Asked for with the keyboard (the button held focus): the chosen day takes it.
        if (document.activeElement === showButton.current) focusNext.current = 'days';
        setLoading('ready');
        return free;
      } catch {
        setLoading('failed');
        return [];
      }
    },
    [locale],
  );

  useEffect(() => {
    const zone = visitorTimeZone();
    setTimeZone(zone);
    void load(zone);
  }, [load]);
  useAccountFields(form);

  const days = slotDays(slots, timeZone, locale);

  // Focus goes where the last change asked, once that control is drawn.
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'days') form.current?.querySelector<HTMLInputElement>('input[name="book-day"]:checked')?.focus();
    else document.getElementById(target)?.focus();
  });

  useEffect(() => {
    if (booked) panel.current?.focus();
  }, [booked]);

  const chooseDay = (key: string) => {
    setDay(key);
    setStart(null);
  };

  const take = (slot: Slot) => {
    setDay(dateIn(slot.start, timeZone));
    setStart(slot.start);
    setOffered([]);
    setAlert('');
    focusNext.current = `book-time-${slot.start}`;
  };

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const data = new FormData(e.currentTarget);
    const value = (key: string) => String(data.get(key) ?? '').trim();
    const email = e.currentTarget.elements.namedItem('email') as HTMLInputElement;
    const problems: Record<string, string> = {};
    if (!start) problems.start = 'Choose a time';
    if (!value('name')) problems.name = 'Required';
    if (!value('email') || email.validity.typeMismatch) problems.email = INVALID_EMAIL;
    setOffered([]);
    setAlert('');
    setErrors(problems);
    if (!start || Object.keys(problems).length > 0) return;
    const topic = value('topic');
    const chosen = start;
    const done = await run(
      () =>
        book({
          start: chosen,
          name: value('name'),
          email: value('email'),
          ...(topic ? { topic } : {}),
          timeZone,
          website: String(data.get('website') ?? ''),
        }),
      {
        onError: (err) => {
          const problem = toApiError(err);
          if (problem.status === 409) {
            // Someone took it first ('That time was just taken...'): the list is fetched again, and the next
            // free times are offered.
            void load(timeZone).then((free) => setOffered(nextFree(free, chosen)));
            return { message: problem.message, fields: {} };
          }
          return { message: problem.message, fields: refusedFields(problem.issues) };
        },
      },
    );
    if (done) setBooked({ start: chosen, email: value('email') });
  }

  if (booked) {
    return (
      <div
        ref={panel}
        tabIndex={-1}
        role="status"
        className="grid gap-3 rounded-2xl bg-emerald-50 p-8 text-emerald-900"
      >
        <h2 className="text-xl font-semibold">{t('Your call is booked')}</h2>
        <p className="font-medium">{callTime(booked.start, timeZone, locale, t)}</p>
        <p>
          {t(
            'We have sent a confirmation with a calendar invite to {email}. Its link lets you move or cancel the call.',
            { email: booked.email },
          )}
        </p>
      </div>
    );
  }

  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `book-${name}-error` } : {};
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`book-${name}-error`} className={errorClass}>
        {t(errors[name])}
      </p>
    ) : null;

  return (
    <form ref={form} onSubmit={onSubmit} noValidate className="grid gap-6" aria-label={t('Book a call')}>
      {loading === 'ready' && days.length > 0 ? (
        <SlotPicker
          id="book"
          days={days}
          timeZone={timeZone}
          day={day}
          onDay={chooseDay}
          start={start}
          onStart={(s) => {
            setStart(s);
            setErrors(({ start: _, ...rest }) => rest);
          }}
          error={errors.start}
        />
      ) : loading === 'ready' ? (
        <p className="text-slate-700">
          {t('No free times are left in the next 30 days.')}{' '}
          <a href={path('/contact')} className="font-medium text-brand-700 underline">
            {t('Write to us instead')}
          </a>
        </p>
      ) : loading === 'failed' ? (
        <div className="grid gap-3">
          <FormAlert message="Could not load the free times." />
          <button type="button" className={`${secondaryButton} justify-self-start`} onClick={() => void load(timeZone)}>
            {t('Try again')}
          </button>
        </div>
      ) : (
        // The times load as the island wakes; the button is where a keyboard and a pointer reach for them.
        <button ref={showButton} type="button" className={`${secondaryButton} justify-self-start`}>
          {loading === 'loading' ? t('Loading the free times…') : t('Show the free times')}
        </button>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="book-name" className={labelClass}>
            {t('Name')}
          </label>
          <input
            id="book-name"
            name="name"
            type="text"
            autoComplete="name"
            required
            maxLength={LIMITS.nameMax}
            placeholder={t('Your name')}
            className={`mt-1 ${inputClass}`}
            {...invalid('name')}
          />
          {fieldError('name')}
        </div>
        <div>
          <label htmlFor="book-email" className={labelClass}>
            {t('Email')}
          </label>
          <input
            id="book-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.emailMax}
            placeholder="you@example.com"
            className={`mt-1 ${inputClass}`}
            {...invalid('email')}
          />
          {fieldError('email')}
        </div>
      </div>
      <div>
        <label htmlFor="book-topic" className={labelClass}>
          {t('What would you like to talk about? (optional)')}
        </label>
        <textarea
          id="book-topic"
          name="topic"
          rows={3}
          maxLength={LIMITS.bookingTopicMax}
          className={`mt-1 ${inputClass}`}
          {...invalid('topic')}
        />
        {fieldError('topic')}
      </div>
      {/* Honeypot, as the contact form's: hidden from people and assistive technology; the API drops bots
          that fill it. Its label stays English in every language: nobody sees or hears it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
        <label htmlFor="book-website">Leave this field empty</label>
        <input id="book-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <SlotAlert message={alert} offered={offered} timeZone={timeZone} onTake={take} />
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? t('Please wait...') : t('Book the call')}
      </button>
    </form>
  );
}

export default function BookCall({ locale }: IslandProps) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <Booking />
    </Island>
  );
}
