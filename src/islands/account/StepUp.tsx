// The step-up before adding a passkey or an authenticator app: a session that did not just prove two
// factors is asked (403 with `stepUp`) for a code mailed to the account's address. The panel mails it
// (useStepUp) and shows this form, which takes the code back in the OTP boxes; the first box takes the
// focus, since the button that led here is gone.
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import { toApiError } from '../../lib/api-error.ts';
import { emptyOtp, OtpInput } from '../ui/OtpInput.tsx';
import { errorClass, primaryButton, secondaryButton } from '../ui/classes.ts';
import { useT } from '../ui/i18n.tsx';

/** Whether a failed call asks for the mailed add-factor code. */
export const needsStepUp = (err: unknown) => toApiError(err).stepUp;

/** Whether a failed call asks for a code of the authenticator app or a recovery code, sent with it as `code`. */
export const needsCode = (err: unknown) => toApiError(err).twoFactorRequired;

/** How long a mailed code works (the server's one-time codes live 10 minutes). */
const CODE_LIFE_MS = 10 * 60_000;

/** The step-up's state in a panel: whether the code's boxes show, their digits, and the mail. */
export function useStepUp() {
  const [open, setOpen] = useState(false);
  const [otp, setOtp] = useState(emptyOtp);
  const mailedAt = useRef(0);
  return {
    open,
    otp,
    setOtp,
    /**
     * Shows the boxes, mailing a code first unless one this page mailed is still unused and alive (or
     * `fresh` asks for a new one): the mails to an address are limited to one a minute.
     */
    async ask(fresh = false) {
      if (fresh || Date.now() - mailedAt.current > CODE_LIFE_MS) {
        await api.post('v1/account/code', { purpose: 'add-factor' });
        mailedAt.current = Date.now();
      }
      setOtp(emptyOtp());
      setOpen(true);
    },
    /** The code was taken: the next addition mails a new one. */
    used() {
      mailedAt.current = 0;
      setOpen(false);
    },
    close: () => setOpen(false),
  };
}

interface Props {
  /** The OTP boxes' id prefix, unique on the page. */
  id: string;
  /**
   * What the code confirms, after "Enter it to": "add a passkey", in English (it is translated here, as a
   * phrase of its own in the catalogs).
   */
  action: string;
  otp: string[];
  onOtp: (digits: string[]) => void;
  busy: boolean;
  error?: string | undefined;
  onConfirm: (otp: string) => void;
  onResend: () => void;
  onCancel: () => void;
}

export function StepUpForm({ id, action, otp, onOtp, busy, error, onConfirm, onResend, onCancel }: Props) {
  const t = useT();
  useEffect(() => document.getElementById(`${id}-0`)?.focus(), [id]);

  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    onConfirm(otp.join(''));
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form onSubmit={submit} noValidate className="grid max-w-md gap-4" aria-label={t('Confirm with the e-mailed code')}>
      <fieldset>
        <legend className="text-sm font-medium text-ink">{t('Code from the e-mail')}</legend>
        <p id={hintId} className="mt-1 text-sm text-slate-700">
          {t('We e-mailed a 6-digit code to your address. Enter it to {action}.', { action: t(action) })}
        </p>
        <div className="mt-2">
          <OtpInput
            id={id}
            value={otp}
            onChange={onOtp}
            required
            invalid={!!error}
            describedBy={error ? `${hintId} ${errorId}` : hintId}
          />
        </div>
        {error && (
          <p id={errorId} className={errorClass}>
            {t(error)}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? t('Checking...') : t('Confirm')}
        </button>
        <button type="button" className={secondaryButton} onClick={onResend} disabled={busy}>
          {t('Send a new code')}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel} disabled={busy}>
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}
