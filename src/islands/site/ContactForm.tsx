// The contact form of the landing page and /contact. Kept lean for the landing page's budget: no zod,
// and the HTTP client is loaded only when a message is actually sent. A field the API refuses (an
// address the browser lets through, a name of spaces) gets its message beside it as well as the toast.
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { BOT_CHECK, CLAIM_PARAM, CLAIM_PREFIX, LIMITS, TIMINGS } from '../../lib/constants.ts';
import type { ContactBody } from '../../lib/schemas/contact.ts';
import { notify } from '../../lib/toast.ts';
import { toApiError } from '../../lib/api-error.ts';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';
import { errorClass, inputClass, labelClass, primaryButton, secondaryButton } from '../ui/classes.ts';
import { fieldErrors } from '../ui/Field.tsx';
import { useT } from '../ui/i18n.tsx';
import { useAccountFields } from '../ui/useAccountFields.ts';
import { useForm } from '../ui/useForm.ts';

type Question = { x: number; y: number };

const operand = () => BOT_CHECK.min + Math.floor(Math.random() * (BOT_CHECK.max - BOT_CHECK.min + 1));
const newQuestion = (): Question => ({ x: operand(), y: operand() });

const fields = [
  {
    name: 'name',
    label: 'Name',
    type: 'text',
    autoComplete: 'name',
    placeholder: 'Your name',
    maxLength: LIMITS.contactNameMax,
  },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    placeholder: 'you@example.com',
    maxLength: LIMITS.emailMax,
  },
  {
    name: 'phoneNumber',
    label: 'Phone number',
    type: 'tel',
    autoComplete: 'tel',
    placeholder: '+91 98765 43210',
    maxLength: LIMITS.contactPhoneMax,
  },
] as const;

function Form() {
  const t = useT();
  // Drawn after hydration only: a question baked into the prebuilt HTML would be the same for everyone.
  const [question, setQuestion] = useState<Question | null>(null);
  const [sent, setSent] = useState(false);
  const { errors, busy, run, reset } = useForm();
  const timer = useRef<number | undefined>(undefined);
  const message = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Set when the success panel held focus as it went: the form's first field takes it back.
  const refocusForm = useRef(false);

  useEffect(() => {
    setQuestion(newQuestion());
    // Claiming a featured project (/contact?claim=Site name): the message starts with the site's name,
    // after a prefix in English in every language, since the dashboards read claims by it.
    const site = new URLSearchParams(location.search).get(CLAIM_PARAM)?.trim().slice(0, LIMITS.contactNameMax);
    if (site && message.current && !message.current.value) message.current.value = `${CLAIM_PREFIX}${site}\n\n`;
    return () => window.clearTimeout(timer.current);
  }, []);
  useAccountFields(form);

  // The Send button goes with the form: focus moves to the panel that replaces it, and back to the form's
  // first field when the panel goes, never to <body>.
  useEffect(() => {
    if (sent) panel.current?.focus();
    else if (refocusForm.current) {
      refocusForm.current = false;
      form.current?.querySelector<HTMLElement>('input')?.focus();
    }
  }, [sent]);

  const backToForm = () => {
    window.clearTimeout(timer.current);
    refocusForm.current = panel.current?.contains(document.activeElement) ?? false;
    setQuestion(newQuestion());
    reset();
    setSent(false);
  };

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!question || busy) return;
    const form = e.currentTarget;
    const data = new FormData(form);
    const value = (key: string) => String(data.get(key) ?? '');
    if (value('botAnswer').trim() !== String(question.x + question.y)) {
      notify('error', t('Incorrect answer to bot protection question. Please try again.'));
      setQuestion(newQuestion());
      (form.elements.namedItem('botAnswer') as HTMLInputElement).value = '';
      return;
    }
    const body: ContactBody = {
      name: value('name'),
      email: value('email'),
      phoneNumber: value('phoneNumber'),
      message: value('message'),
      website: value('website'),
    };
    const done = await run(
      async () => {
        const { api } = await import('../../lib/api-client.ts');
        await api.post('form/contact', body);
      },
      {
        onError: (err) => {
          notify('error', t('Failed to send message. Please try again.'));
          return { message: '', fields: fieldErrors(toApiError(err).issues) };
        },
      },
    );
    if (!done) return;
    notify('success', t('Message sent successfully!'));
    form.reset();
    setSent(true);
    timer.current = window.setTimeout(backToForm, TIMINGS.contactSuccessPanelMs);
  }

  if (sent) {
    return (
      <div
        ref={panel}
        tabIndex={-1}
        role="status"
        className="flex flex-col items-center gap-4 rounded-2xl bg-emerald-50 p-8 text-center"
      >
        <h3 className="text-xl font-semibold text-emerald-900">{t('Message Sent!')}</h3>
        <p className="text-emerald-900">{t('Thank you for reaching out. We will get back to you soon.')}</p>
        <button type="button" className={secondaryButton} onClick={backToForm}>
          {t('Send Another Message')}
        </button>
      </div>
    );
  }

  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `contact-${name}-error` } : {};
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`contact-${name}-error`} className={errorClass}>
        {t(errors[name])}
      </p>
    ) : null;
  return (
    <form ref={form} onSubmit={onSubmit} className="grid gap-4" aria-label={t('Contact form')}>
      {fields.map(({ label, placeholder, ...attrs }) => (
        <div key={attrs.name}>
          <label htmlFor={`contact-${attrs.name}`} className={labelClass}>
            {t(label)}
          </label>
          <input
            id={`contact-${attrs.name}`}
            required
            className={`mt-1 ${inputClass}`}
            placeholder={t(placeholder)}
            {...attrs}
            {...invalid(attrs.name)}
          />
          {fieldError(attrs.name)}
        </div>
      ))}
      <div>
        <label htmlFor="contact-message" className={labelClass}>
          {t('Message')}
        </label>
        <textarea
          ref={message}
          id="contact-message"
          name="message"
          rows={5}
          required
          maxLength={LIMITS.contactMessageMax}
          placeholder={t('Tell us about your project')}
          className={`mt-1 ${inputClass}`}
          {...invalid('message')}
        />
        {fieldError('message')}
      </div>
      {/* Honeypot: hidden from people and assistive technology; bots that fill it are dropped by the API.
          Its label stays English in every language: nobody sees or hears it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div>
        <label htmlFor="contact-bot" className={labelClass}>
          {question ? t('What is {x} + {y}?', question) : t('Check question: it appears as you type')}
        </label>
        <input
          id="contact-bot"
          name="botAnswer"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          required
          disabled={!question}
          className={`mt-1 ${inputClass} max-w-32`}
        />
      </div>
      <button type="submit" className={primaryButton} disabled={!question || busy}>
        {busy ? t('Please wait...') : t('Send Message')}
      </button>
    </form>
  );
}

export default function ContactForm({ locale }: IslandProps) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <Form />
    </Island>
  );
}
